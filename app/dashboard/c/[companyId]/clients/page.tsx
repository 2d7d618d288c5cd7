import { getTranslations } from "next-intl/server";
import { ClientsPanel } from "@/components/dashboard/registers/clients-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { canWrite } from "@/lib/auth/roles";

export default async function ClientsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const nav = await getTranslations("nav");
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-xl font-semibold">{nav("clients")}</h1>
      <ClientsPanel companyId={company.id} canWrite={canWrite(user.role)} />
    </div>
  );
}
