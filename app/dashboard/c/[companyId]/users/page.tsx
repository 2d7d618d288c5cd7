import { getTranslations } from "next-intl/server";
import { UsersPanel } from "@/components/dashboard/users/users-panel";
import { canManageUsers } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function UsersPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("users");
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      {canManageUsers(user.role) ? (
        <UsersPanel companyId={company.id} currentUserId={user.userId} />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("adminOnly")}</p>
      )}
    </div>
  );
}
