import { getTranslations } from "next-intl/server";
import { TaxRulesPanel } from "@/components/dashboard/tax-rules/tax-rules-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { canWrite } from "@/lib/auth/roles";

export default async function TaxRulesPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const nav = await getTranslations("nav");
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-xl font-semibold">{nav("tax-rules")}</h1>
      <TaxRulesPanel companyId={company.id} regime={company.taxRegime} canWrite={canWrite(user.role)} />
    </div>
  );
}
