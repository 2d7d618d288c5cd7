import { getTranslations } from "next-intl/server";
import { ApiKeysPanel } from "@/components/dashboard/api-keys/api-keys-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { canWrite } from "@/lib/auth/roles";

export default async function ApiKeysPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const canManage = canWrite(user.role);
  const t = await getTranslations("apiKeys");
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t.rich("intro", { company: company.tradeName ?? company.legalName, header: "Authorization: Bearer <API_KEY>", code: (chunks) => <code className="rounded bg-slate-100 px-1">{chunks}</code> })}
        </p>
      </div>
      <ApiKeysPanel companyId={company.id} canManage={canManage} />
    </div>
  );
}
