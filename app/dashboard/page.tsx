import Link from "@/components/dashboard/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import { formatCnpj } from "@/components/dashboard/format";
import { listTenantCompanies } from "@/lib/auth/session-companies";
import { requireSessionUser } from "@/lib/auth/session-guard";

export default async function DashboardHome() {
  const user = await requireSessionUser();
  const companies = await listTenantCompanies(user.tenantId);
  const t = await getTranslations("home");
  if (companies.length === 1) redirect(`/dashboard/c/${companies[0]!.id}`);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl p-6">
      <h1 className="text-xl font-semibold">{t("companies")}</h1>
      {companies.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          {t("noCompanies")} <code className="rounded bg-slate-100 px-1">npm run cli -- company create … --tenant {user.tenantId}</code>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {companies.map((company) => (
            <li key={company.id}>
              <Link href={`/dashboard/c/${company.id}`} className="flex items-center justify-between px-4 py-3 hover:bg-slate-50">
                <span>
                  <span className="font-medium">{company.tradeName ?? company.legalName}</span>
                  <span className="ml-2 text-sm text-slate-500">
                    {formatCnpj(company.cnpj)} · {company.state}
                  </span>
                </span>
                <EnvironmentBadge environment={company.environment} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
