import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { CompanySwitcher } from "@/components/dashboard/company-switcher";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import { SidebarNav } from "@/components/dashboard/sidebar-nav";
import { listTenantCompanies } from "@/lib/auth/session-companies";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { isStateCode, stateInfo } from "@/lib/br/states";
import { CompanyProvider } from "@/components/dashboard/company-context";
import { ContingencyBanner } from "@/components/dashboard/contingency/contingency-banner";

function companyTimeZone(uf: string): string {
  return isStateCode(uf) ? stateInfo(uf).timezone : "America/Sao_Paulo";
}

export default async function CompanyLayout({ children, params }: { children: ReactNode; params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const companies = await listTenantCompanies(user.tenantId);
  return (
    <>
      {/* Narrower on a tablet (768-1023 px) so the page keeps room for its tables. */}
      <aside className="w-48 shrink-0 border-r border-slate-200 bg-white p-2 lg:w-60 lg:p-3">
        <CompanySwitcher companies={companies} currentId={company.id} />
        <div className="mb-4 mt-2 px-1">
          <EnvironmentBadge environment={company.environment} />
        </div>
        <SidebarNav companyId={company.id} role={user.role} />
      </aside>
      {/* Times on the company's pages are shown in its state's zone (useTimeZone in client components). */}
      <NextIntlClientProvider timeZone={companyTimeZone(company.state)}>
        <CompanyProvider companyId={company.id}>
          <main id="main" className="min-w-0 flex-1 p-4 lg:p-6">
            <ContingencyBanner companyId={company.id} timeZone={companyTimeZone(company.state)} />
            {children}
          </main>
        </CompanyProvider>
      </NextIntlClientProvider>
    </>
  );
}
