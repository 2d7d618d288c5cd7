import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { NewCompanyForm } from "@/components/dashboard/account-companies/new-company-form";
import { formatCnpj } from "@/components/dashboard/format";
import { can } from "@/lib/auth/roles";
import { listTenantCompanies } from "@/lib/auth/session-companies";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function AccountCompaniesPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("accountCompanies");
  if (!can(user.role, "companies.manage")) {
    return <p className="max-w-5xl rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("adminOnly")}</p>;
  }
  const companies = await listTenantCompanies(user.tenantId);
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("listHeading", { count: companies.length })}</h2>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
          {companies.map((item) => (
            <li key={item.id} className="flex items-center justify-between px-3 py-2">
              <Link href={`/dashboard/c/${item.id}/settings/readiness`} className="text-indigo-700 hover:underline">
                {item.tradeName ?? item.legalName}
              </Link>
              <span className="text-slate-500">
                {formatCnpj(item.cnpj)} · {item.state} · {t(`environment.${item.environment}`)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("createTitle")}</h2>
        <NewCompanyForm endpoint={`/api/dashboard/companies/${encodeURIComponent(company.id)}/account-companies`} />
      </section>
    </div>
  );
}
