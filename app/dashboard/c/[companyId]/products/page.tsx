import { ProductsPanel } from "@/components/dashboard/registers/products-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { REGISTER_WRITER_ROLES } from "@/lib/clients/as-dashboard-contract";

export default async function ProductsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-xl font-semibold">Products</h1>
      <ProductsPanel companyId={company.id} canWrite={(REGISTER_WRITER_ROLES as readonly string[]).includes(user.role)} />
    </div>
  );
}
