"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useHydrated } from "./use-hydrated";

export function SignOutButton() {
  const t = useTranslations("frame");
  // A click before hydration would do nothing; the button waits for its handler instead of ignoring the user.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => void signOut({ callbackUrl: "/signin" })}
      className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-wait disabled:text-slate-400"
    >
      {t("signOut")}
    </button>
  );
}
