import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { ChangePasswordForm } from "@/components/dashboard/account/change-password-form";
import { requireSessionUser } from "@/lib/auth/session-guard";

export default async function PasswordPage() {
  // The one page a temporary password opens (issue 36 item 10).
  const user = await requireSessionUser({ allowPendingPasswordChange: true });
  const t = await getTranslations("account.password");
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-4 p-6">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        {user.mustChangePassword ? (
          <p role="status" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("mustChange")}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            {t("intro")}{" "}
            <Link href="/dashboard" className="text-indigo-700 underline">
              {t("back")}
            </Link>
          </p>
        )}
      </div>
      <ChangePasswordForm email={user.email ?? ""} />
    </main>
  );
}
