import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import { formatCnpj } from "@/components/dashboard/format";
import { navLinks } from "@/components/dashboard/nav-links";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function CompanyOverview({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { company } = await requireSessionCompany(companyId);
  const nav = await getTranslations("nav");
  const sections = await getTranslations("navSections");
  const regimes = await getTranslations("enums.taxRegime");
  // nav-links.ts keeps English labels; the catalogue's translation wins when it has one.
  const label = (href: string, fallback: string) => (nav.has(href as "documents") ? nav(href as "documents") : fallback);
  const section = (name: string) => (sections.has(name as "Documents") ? sections(name as "Documents") : name);
  return (
    <div className="max-w-4xl">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{company.tradeName ?? company.legalName}</h1>
        <EnvironmentBadge environment={company.environment} />
      </div>
      <p className="mt-1 text-sm text-slate-500">
        {company.legalName} · CNPJ {formatCnpj(company.cnpj)} · {company.state} · {regimes(company.taxRegime)}
      </p>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {navLinks
          .filter((link) => link.href)
          .map((link) => (
            <li key={link.href}>
              <Link href={`/dashboard/c/${company.id}/${link.href}`} className="block rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm hover:border-indigo-300 hover:bg-indigo-50">
                <span className="font-medium">{label(link.href, link.label)}</span>
                <span className="block text-xs text-slate-500">{section(link.section)}</span>
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}
