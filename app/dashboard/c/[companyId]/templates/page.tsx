import { getTranslations } from "next-intl/server";
import { TemplatesPanel } from "@/components/dashboard/registers/templates-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { TENANT_TEMPLATE_ROLES } from "@/lib/templates/dashboard-contracts";
import { canWrite } from "@/lib/auth/roles";

export default async function TemplatesPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const nav = await getTranslations("nav");
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-xl font-semibold">{nav("templates")}</h1>
      <TemplatesPanel
        companyId={company.id}
        canWrite={canWrite(user.role)}
        isTenantAdmin={(TENANT_TEMPLATE_ROLES as readonly string[]).includes(user.role)}
      />
    </div>
  );
}
