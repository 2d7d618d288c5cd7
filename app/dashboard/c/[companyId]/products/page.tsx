import { getTranslations } from "next-intl/server";
import { ProductsPanel } from "@/components/dashboard/registers/products-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { canWrite } from "@/lib/auth/roles";

export default async function ProductsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const nav = await getTranslations("nav");
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-xl font-semibold">{nav("products")}</h1>
      <ProductsPanel companyId={company.id} canWrite={canWrite(user.role)} />
    </div>
  );
}
