import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Providers } from "@/components/providers";
import { requireSessionUser } from "@/lib/auth/session-guard";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // The frame around every page, the password page too: each page (and the company layout) applies the temporary-password redirect.
  const user = await requireSessionUser({ allowPendingPasswordChange: true });
  const t = await getTranslations();
  return (
    <Providers>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-1.5 focus:text-sm focus:shadow">
        {t("frame.skipToContent")}
      </a>
      <div className="flex min-h-screen flex-col">
        <header className="flex h-12 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4">
          <Link href="/dashboard" className="flex items-center gap-2 font-semibold tracking-tight">
            {/* eslint-disable-next-line @next/next/no-img-element -- a 20 px static SVG */}
            <img src="/icon.svg" alt="" width={20} height={20} />
            {t("meta.productName")}
          </Link>
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <LanguageSwitcher />
            <span data-testid="signed-in-user">
              {user.email} <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{t(`enums.role.${user.role}`)}</span>
            </span>
            <Link href="/dashboard/password" className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              {t("frame.changePassword")}
            </Link>
            <SignOutButton />
          </div>
        </header>
        <div className="flex flex-1">{children}</div>
      </div>
    </Providers>
  );
}
