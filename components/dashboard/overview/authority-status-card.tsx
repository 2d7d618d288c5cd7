"use client";

import Link from "@/components/dashboard/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ServiceStatusCheck } from "@/lib/authority/service-status";
import { apiFetch } from "@/lib/client/api-fetch";
import { QueryFrame } from "../resources/query-frame";

const RESULT_CLASS = { authorized: "text-emerald-700", refused: "text-red-700", unavailable: "text-amber-700" } as const;

/** NFeStatusServico4 asked when the overview opens; loaded apart so a slow authority never delays the rest. */
export function AuthorityStatusCard({ companyId, state }: { companyId: string; state: string }) {
  const t = useTranslations("overview.authority");
  const statusText = useTranslations("authorityStatus");
  const endpoint = `/api/dashboard/companies/${encodeURIComponent(companyId)}/authority-status`;
  const status = useQuery({ queryKey: [endpoint], queryFn: () => apiFetch<{ certificate: boolean; checks: ServiceStatusCheck[] }>(endpoint), staleTime: 60_000 });
  const allOk = status.data?.checks.every((check) => check.result.kind === "authorized") ?? false;
  const outcome = (check: ServiceStatusCheck) => (check.result.kind === "authorized" ? "authorized" : check.result.kind === "refused" ? "refused" : "unavailable");
  return (
    <section aria-labelledby="authority-card-title" data-testid="authority-card" className={`rounded-lg border bg-white p-4 ${status.data && !allOk ? "border-amber-300" : "border-slate-200"}`}>
      <h2 id="authority-card-title" className="text-sm font-semibold text-slate-700">
        {t("title", { state })}
      </h2>
      <div className="mt-1">
        <QueryFrame query={status} loading={t("checking")}>
          {(data) => (
            <>
              <p className={`text-sm ${allOk ? "text-emerald-800" : "text-amber-800"}`}>{allOk ? t("allOk") : t("notOk")}</p>
              <ul className="mt-2 space-y-0.5 text-sm">
                {data.checks.map((check) => {
                  const kind = outcome(check);
                  return (
                    <li key={`${check.model}-${check.contingency ?? "normal"}`} className="flex justify-between gap-2">
                      <span>
                        {check.model === 55 ? "NF-e" : "NFC-e"}
                        {check.contingency ? ` (${statusText("contingency", { name: check.contingency })})` : ""}
                      </span>
                      <span className={RESULT_CLASS[kind]}>
                        {statusText(kind === "authorized" ? "inOperation" : kind)}
                        {"cStat" in check.result && check.result.cStat ? ` · ${check.result.cStat}` : ""}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </QueryFrame>
      </div>
      <Link href={`/dashboard/c/${companyId}/authority-status`} className="mt-2 inline-block text-xs text-indigo-700 hover:underline">
        {t("details")}
      </Link>
    </section>
  );
}
