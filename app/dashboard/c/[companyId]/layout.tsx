import type { ReactNode } from "react";
import { CompanySwitcher } from "@/components/dashboard/company-switcher";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import { SidebarNav } from "@/components/dashboard/sidebar-nav";
import { listTenantCompanies } from "@/lib/auth/session-companies";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function CompanyLayout({ children, params }: { children: ReactNode; params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const companies = await listTenantCompanies(user.tenantId);
  return (
    <>
      <aside className="w-60 shrink-0 border-r border-slate-200 bg-white p-3">
        <CompanySwitcher companies={companies} currentId={company.id} />
        <div className="mb-4 mt-2 px-1">
          <EnvironmentBadge environment={company.environment} />
        </div>
        <SidebarNav companyId={company.id} role={user.role} />
      </aside>
      <main className="min-w-0 flex-1 p-6">{children}</main>
    </>
  );
}
