import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { Providers } from "@/components/providers";
import { requireSessionUser } from "@/lib/auth/session-guard";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireSessionUser();
  return (
    <Providers>
      <div className="flex min-h-screen flex-col">
        <header className="flex h-12 items-center justify-between border-b border-slate-200 bg-white px-4">
          <Link href="/dashboard" className="font-semibold tracking-tight">
            Fiscal
          </Link>
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <span data-testid="signed-in-user">
              {user.email} <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{user.role}</span>
            </span>
            <SignOutButton />
          </div>
        </header>
        <div className="flex flex-1">{children}</div>
      </div>
    </Providers>
  );
}
