import { flushAuthorityCallSamples } from "@/lib/authority/call-samples";
import { authorizerFor, type Contingency } from "@/lib/authority/endpoints";
import type { AuthorityModel, StatusResult } from "@/lib/authority/types";
import { getPool } from "@/lib/db/client";
import { sql, utc, type Queryable } from "@/lib/db/sql";

// Per authorizer, model and environment, what the status page shows (issue 58 item 2): the last
// answer of its status service from the shared cache (AuthorityStatusCache), the last hour's
// p50/p99 of every exchange with it (AuthorityCallSample, percentiles in SQL), how many companies
// are in contingency for it and how many 656 pauses are in force (counts only: no company named).

export type AuthorizerCondition = "operational" | "outage" | "unreachable" | "unknown";

export type AuthorizerFigures = {
  authorizer: string;
  model: "55" | "65";
  environment: "PRODUCTION" | "HOMOLOGATION";
  /** A SEFAZ Virtual de Contingência (SVC-AN, SVC-RS) rather than a state's own authorizer. */
  contingencyAuthorizer: boolean;
  condition: AuthorizerCondition;
  cStat: string | null;
  /** The authority's own words (xMotivo) when it answered; never our network's error text. */
  reason: string | null;
  checkedAt: string | null;
  via: "simulator" | "sefaz" | null;
  /** Since when the current outage runs (AuthorizerState), for a state's own authorizer. */
  outageSince: string | null;
  lastHour: { calls: number; failures: number; p50Ms: number | null; p99Ms: number | null };
  companiesInContingency: number;
  misusePauses: number;
};

/** An answer older than this tells nothing of now: shown as unknown (with its time). */
export const STALE_STATUS_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const OUTAGE_CSTATS = new Set(["108", "109"]);

/** The colour of a status answer: 107 operational, 108/109 outage, no answer unreachable, the rest (656, refusals) unknown. */
export function conditionOfAnswer(result: StatusResult | null, checkedAt: Date | null, now: Date): AuthorizerCondition {
  if (!result || !checkedAt || now.getTime() - checkedAt.getTime() > STALE_STATUS_MS) return "unknown";
  if (result.kind === "authorized") return result.cStat === "107" ? "operational" : "unknown";
  if (result.cStat && OUTAGE_CSTATS.has(result.cStat)) return "outage";
  if (result.kind === "communication_failure" && !result.cStat) return "unreachable";
  return "unknown";
}

type Key = { authorizer: string; model: number; environment: string };
const keyOf = (row: Key) => `${row.authorizer}|${row.model}|${row.environment}`;

/** "SP:55:HOMOLOGATION:SVC-AN" (misuse-pause.ts's authorizerKey) as its parts; null when unreadable. */
export function parseAuthorizerKey(key: string): { uf: string; model: AuthorityModel; environment: "PRODUCTION" | "HOMOLOGATION"; contingency?: Contingency } | null {
  const [uf, model, environment, contingency] = key.split(":");
  if (!uf || (model !== "55" && model !== "65") || (environment !== "PRODUCTION" && environment !== "HOMOLOGATION")) return null;
  if (contingency !== undefined && contingency !== "SVC-AN" && contingency !== "SVC-RS") return null;
  return { uf, model: Number(model) as AuthorityModel, environment, contingency };
}

function authorizerOf(parts: { uf: string; model: AuthorityModel; contingency?: Contingency }): string | null {
  try {
    return authorizerFor(parts.uf, parts.model, parts.contingency);
  } catch {
    return null;
  }
}

const LATENCY = `
  SELECT "authorizer", "model", "environment"::text AS "environment", count(*)::int AS "calls",
         (count(*) FILTER (WHERE NOT "answered"))::int AS "failures",
         percentile_cont(0.5) WITHIN GROUP (ORDER BY "durationMs") AS "p50",
         percentile_cont(0.99) WITHIN GROUP (ORDER BY "durationMs") AS "p99"
  FROM "AuthorityCallSample" WHERE "at" > $1::timestamp
  GROUP BY 1, 2, 3`;

const CONTINGENCIES = `
  SELECT c."state", cc."model", c."environment"::text AS "environment", count(*)::int AS "companies"
  FROM "CompanyContingency" cc JOIN "Company" c ON c."id" = cc."companyId"
  WHERE cc."endedAt" IS NULL
  GROUP BY 1, 2, 3`;

export async function authorityFigures(now: Date = new Date(), client: Queryable = getPool()): Promise<AuthorizerFigures[]> {
  await flushAuthorityCallSamples();
  const [cacheRows, latencyRows, states, contingencies, pauses] = await Promise.all([
    sql<{ key: string; result: StatusResult; via: string; checkedAt: Date }>(client, `SELECT "key", "result", "via", "checkedAt" FROM "AuthorityStatusCache" WHERE "url" <> ''`),
    sql<Key & { calls: number; failures: number; p50: number | null; p99: number | null }>(client, LATENCY, [utc(new Date(now.getTime() - HOUR_MS))]),
    sql<Key & { state: string; since: Date }>(client, `SELECT "authorizer", "model", "environment"::text AS "environment", "state", "since" FROM "AuthorizerState"`),
    sql<{ state: string; model: number; environment: string; companies: number }>(client, CONTINGENCIES),
    sql<{ authorizer: string; pauses: number }>(client, `SELECT "authorizer", count(*)::int AS "pauses" FROM "AuthorityPause" WHERE "until" > $1::timestamp GROUP BY 1`, [utc(now)]),
  ]);
  const byKey = new Map<string, AuthorizerFigures>();
  const entry = (authorizer: string, model: number, environment: string): AuthorizerFigures => {
    const key = keyOf({ authorizer, model, environment });
    let figures = byKey.get(key);
    if (!figures) {
      figures = {
        authorizer,
        model: model === 65 ? "65" : "55",
        environment: environment === "PRODUCTION" ? "PRODUCTION" : "HOMOLOGATION",
        contingencyAuthorizer: authorizer === "SVCAN" || authorizer === "SVCRS",
        condition: "unknown",
        cStat: null,
        reason: null,
        checkedAt: null,
        via: null,
        outageSince: null,
        lastHour: { calls: 0, failures: 0, p50Ms: null, p99Ms: null },
        companiesInContingency: 0,
        misusePauses: 0,
      };
      byKey.set(key, figures);
    }
    return figures;
  };

  // Several states share an authorizer (SVRS): its freshest answer speaks for it.
  for (const row of cacheRows) {
    const parts = parseAuthorizerKey(row.key.split("|")[0] ?? "");
    const authorizer = parts && authorizerOf(parts);
    if (!parts || !authorizer) continue;
    const figures = entry(authorizer, parts.model, parts.environment);
    const checkedAt = new Date(row.checkedAt);
    if (figures.checkedAt && new Date(figures.checkedAt).getTime() >= checkedAt.getTime()) continue;
    figures.checkedAt = checkedAt.toISOString();
    figures.condition = conditionOfAnswer(row.result, checkedAt, now);
    figures.cStat = row.result.cStat ?? null;
    figures.reason = figures.cStat ? row.result.reason : null;
    figures.via = row.via === "simulator" ? "simulator" : "sefaz";
  }
  // The AN (distribution, delivery receipts) has no status service: it appears through its calls only.
  for (const row of latencyRows) {
    const figures = entry(row.authorizer, row.model, row.environment);
    figures.lastHour = { calls: row.calls, failures: row.failures, p50Ms: roundMs(row.p50), p99Ms: roundMs(row.p99) };
  }
  for (const row of states) {
    if (row.state !== "OUTAGE") continue;
    const figures = byKey.get(keyOf(row));
    if (figures && figures.condition === "outage") figures.outageSince = new Date(row.since).toISOString();
  }
  for (const row of contingencies) {
    const authorizer = authorizerOf({ uf: row.state, model: row.model as AuthorityModel });
    if (authorizer) entry(authorizer, row.model, row.environment).companiesInContingency += row.companies;
  }
  for (const row of pauses) {
    const parts = parseAuthorizerKey(row.authorizer);
    const authorizer = parts && authorizerOf(parts);
    if (parts && authorizer) entry(authorizer, parts.model, parts.environment).misusePauses += row.pauses;
  }
  return [...byKey.values()].sort(
    (a, b) => a.environment.localeCompare(b.environment) * -1 || Number(a.contingencyAuthorizer) - Number(b.contingencyAuthorizer) || a.authorizer.localeCompare(b.authorizer) || a.model.localeCompare(b.model),
  );
}

function roundMs(value: number | string | null): number | null {
  if (value === null) return null;
  return Math.round(Number(value) * 10) / 10;
}
