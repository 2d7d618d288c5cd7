import { ApiKeysPanel } from "@/components/dashboard/api-keys/api-keys-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { canWrite } from "@/lib/auth/roles";

export default async function ApiKeysPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const canManage = canWrite(user.role);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">API keys</h1>
        <p className="mt-1 text-sm text-slate-600">
          Keys let an ERP call the <code>/v1</code> API as {company.tradeName ?? company.legalName}. Send one as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>; give each integration its own key with only the scopes it needs.
        </p>
      </div>
      <ApiKeysPanel companyId={company.id} canManage={canManage} />
    </div>
  );
}
