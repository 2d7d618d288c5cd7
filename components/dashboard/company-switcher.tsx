"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import type { CompanySummary } from "@/lib/auth/session-companies";
import { formatCnpj } from "./format";

/** Switches company and stays on the same page (documents → documents). */
export function CompanySwitcher({ companies, currentId }: { companies: CompanySummary[]; currentId: string }) {
  const t = useTranslations("frame");
  const router = useRouter();
  const pathname = usePathname();
  const prefix = `/dashboard/c/${currentId}`;
  const suffix = pathname.startsWith(prefix) ? pathname.slice(prefix.length).split("/").slice(0, 2).join("/") : "";
  return (
    <label className="block">
      <span className="sr-only">{t("switchCompany")}</span>
      <select
        aria-label={t("switchCompany")}
        value={currentId}
        onChange={(event) => router.push(`/dashboard/c/${event.target.value}${suffix}`)}
        className="block w-full truncate rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-indigo-500 focus:outline-none"
      >
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.tradeName ?? company.legalName} — {formatCnpj(company.cnpj)}
          </option>
        ))}
      </select>
    </label>
  );
}
