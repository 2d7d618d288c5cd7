import { CarriersPanel } from "@/components/dashboard/registers/carriers-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { REGISTER_WRITER_ROLES } from "@/lib/clients/as-dashboard-contract";

export default async function CarriersPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-xl font-semibold">Carriers</h1>
      <CarriersPanel companyId={company.id} canWrite={(REGISTER_WRITER_ROLES as readonly string[]).includes(user.role)} />
    </div>
  );
}
