import { getTranslations } from "next-intl/server";
import { ApiKeysPanel } from "@/components/dashboard/api-keys/api-keys-panel";
import { can } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function AccountKeysPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("accountKeys");
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t.rich("intro", { header: "X-Company-Id", code: (chunks) => <code className="rounded bg-slate-100 px-1">{chunks}</code> })}
        </p>
      </div>
      {can(user.role, "account-keys.manage") ? (
        <ApiKeysPanel companyId={company.id} canManage kind="account" />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("adminOnly")}</p>
      )}
    </div>
  );
}
