"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";

export function SignOutButton() {
  const t = useTranslations("frame");
  return (
    <button type="button" onClick={() => void signOut({ callbackUrl: "/signin" })} className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900">
      {t("signOut")}
    </button>
  );
}
