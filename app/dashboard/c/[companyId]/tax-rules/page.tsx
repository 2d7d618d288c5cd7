import { TaxRulesPanel } from "@/components/dashboard/tax-rules/tax-rules-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { REGISTER_WRITER_ROLES } from "@/lib/clients/as-dashboard-contract";
import { db } from "@/lib/db/client";

export default async function TaxRulesPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const { taxRegime } = await db.company.findUniqueOrThrow({ where: { id: company.id }, select: { taxRegime: true } });
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-xl font-semibold">Tax rules</h1>
      <TaxRulesPanel companyId={company.id} regime={taxRegime} canWrite={(REGISTER_WRITER_ROLES as readonly string[]).includes(user.role)} />
    </div>
  );
}
