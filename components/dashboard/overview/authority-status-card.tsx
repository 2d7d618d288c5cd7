"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { ServiceStatusCheck } from "@/lib/authority/service-status";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";

const TEXT = {
  title: (state: string) => `Tax authority (${state})`,
  checking: "Asking the authorizers…",
  ok: "In operation",
  refused: "Refused",
  down: "Unavailable",
  allOk: "Every authorizer answers: emissions go through.",
  notOk: "An authorizer is not in operation: emissions will wait and retry.",
  details: "Details",
  retry: "Ask again",
  model: (check: ServiceStatusCheck) => `${check.model === 55 ? "NF-e" : "NFC-e"}${check.contingency ? ` (${check.contingency})` : ""}`,
};

function label(check: ServiceStatusCheck): { text: string; className: string } {
  if (check.result.kind === "authorized") return { text: TEXT.ok, className: "text-emerald-700" };
  if (check.result.kind === "refused") return { text: TEXT.refused, className: "text-red-700" };
  return { text: TEXT.down, className: "text-amber-700" };
}

/** NFeStatusServico4 asked when the overview opens; loaded apart so a slow authority never delays the rest. */
export function AuthorityStatusCard({ companyId, state }: { companyId: string; state: string }) {
  const endpoint = `/api/dashboard/companies/${encodeURIComponent(companyId)}/authority-status`;
  const status = useQuery({ queryKey: [endpoint], queryFn: () => apiFetch<{ certificate: boolean; checks: ServiceStatusCheck[] }>(endpoint), staleTime: 60_000 });
  const allOk = status.data?.checks.every((check) => check.result.kind === "authorized") ?? false;
  return (
    <section aria-labelledby="authority-card-title" data-testid="authority-card" className={`rounded-lg border bg-white p-4 ${status.data && !allOk ? "border-amber-300" : "border-slate-200"}`}>
      <h2 id="authority-card-title" className="text-sm font-semibold text-slate-700">
        {TEXT.title(state)}
      </h2>
      {status.isPending ? (
        <p className="mt-2 text-sm text-slate-500">{TEXT.checking}</p>
      ) : status.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(status.error)}{" "}
          <button type="button" className="underline" onClick={() => void status.refetch()}>
            {TEXT.retry}
          </button>
        </p>
      ) : (
        <>
          <p className={`mt-1 text-sm ${allOk ? "text-emerald-800" : "text-amber-800"}`}>{allOk ? TEXT.allOk : TEXT.notOk}</p>
          <ul className="mt-2 space-y-0.5 text-sm">
            {status.data.checks.map((check) => {
              const { text, className } = label(check);
              return (
                <li key={`${check.model}-${check.contingency ?? "normal"}`} className="flex justify-between gap-2">
                  <span>{TEXT.model(check)}</span>
                  <span className={className}>
                    {text}
                    {"cStat" in check.result && check.result.cStat ? ` · ${check.result.cStat}` : ""}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Link href={`/dashboard/c/${companyId}/authority-status`} className="mt-2 inline-block text-xs text-indigo-700 hover:underline">
        {TEXT.details}
      </Link>
    </section>
  );
}
