import { loadSigningCredentials } from "@/lib/certificates";
import { env } from "@/lib/config/env";
import { db, getPool, type DbClient } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";
import { observeStatusAnswer } from "./outage-transitions";
import { authorizerFor, contingencyFor, resolveEndpoint, type Contingency } from "./endpoints";
import { activeMisusePause, authorizerKey, isMisuse, recordMisusePause } from "./misuse-pause";
import { SoapTaxAuthority } from "./soap-tax-authority";
import { getTaxAuthority, usesSimulator } from "./tax-authority";
import type { AuthorityEnvironment, AuthorityModel, ClientCertificate, StatusResult, TaxAuthority } from "./types";

// NFeStatusServico4 per state, environment and model (issue 5, item 11): the
// dashboard shows it so a stale URL in the tables, or an authorizer that is
// down, is seen before documents pile up in retries. Answers are shared per
// authorizer through PostgreSQL (STATUS_CACHE_MS): asking on every visit is
// how a company earns a 656 (consumo indevido).

export type ServiceStatusQuery = { uf: string; environment: AuthorityEnvironment; model: AuthorityModel; contingency?: Contingency; certificate?: ClientCertificate };

export type ServiceStatusCheck = {
  uf: string;
  environment: AuthorityEnvironment;
  model: AuthorityModel;
  contingency: Contingency | null;
  authorizer: string;
  /** The URL called: the table's, or the simulator's origin with the table's path. */
  url: string;
  via: "simulator" | "sefaz";
  result: StatusResult;
  latencyMs: number;
  /** The shared answer of an earlier call (younger than STATUS_CACHE_MS), not a call of this request. */
  fromCache: boolean;
};

const NO_CERTIFICATE: ClientCertificate = { privateKeyPem: "", certificatePem: "" };

/**
 * How long a status answer is shared: every caller (the dashboard's overview
 * card and status page, the CLI, any process) reads the authorizer's last
 * answer while it is younger than this, so an installation asks each
 * authorizer at most 20 times an hour, within what the simulator (and SEFAZ's
 * consumo indevido) allows (simulator/status-meter.ts).
 */
export const STATUS_CACHE_MS = 3 * 60 * 1000;

export type StatusCheckOptions = {
  /** 0 asks the authority now (tests, the CLI's --fresh). */
  maxAgeMs?: number;
  /** The company whose A1 makes the call: a 656 pauses it, and a pause in force is respected (misuse-pause.ts). */
  companyId?: string;
};

export async function checkServiceStatus(query: ServiceStatusQuery, authority: TaxAuthority = getTaxAuthority(query.environment), options: StatusCheckOptions = {}): Promise<ServiceStatusCheck> {
  const { uf, environment, model, contingency } = query;
  const endpoint = resolveEndpoint({ uf, environment, model, contingency, service: "NFeStatusServico4" });
  const target = { uf, environment, model, contingency };
  const base = { uf, environment, model, contingency: contingency ?? null, authorizer: endpoint.authorizer };
  const url = authority instanceof SoapTaxAuthority ? authority.urlFor(endpoint) : endpoint.url;
  // Shared per authorizer and address: an answer is only news about the server that gave it
  // (the real host's, or one simulator's among several on one database).
  const key = `${authorizerKey(target)}|${url}`;
  const maxAgeMs = options.maxAgeMs ?? STATUS_CACHE_MS;
  if (maxAgeMs > 0) {
    const cached = await claimOrRead(key, maxAgeMs);
    if (cached) return { ...base, ...cached, fromCache: true };
  }
  const via = usesSimulator(environment) ? "simulator" : "sefaz";
  const pause = options.companyId ? await activeMisusePause(options.companyId, target) : null;
  if (pause) return { ...base, url, via, result: { kind: "communication_failure", reason: pause.reason, cStat: pause.cStat }, latencyMs: 0, fromCache: false };
  const started = performance.now();
  const result = await authority.status(target, query.certificate ?? NO_CERTIFICATE);
  const check: ServiceStatusCheck = { ...base, url, via, result, latencyMs: Math.round(performance.now() - started), fromCache: false };
  if (options.companyId && isMisuse(result)) await recordMisusePause(options.companyId, target);
  const storedAt = new Date();
  await sql(getPool(), STORE, [key, JSON.stringify(result), url, via, check.latencyMs, utc(storedAt)]);
  // A state's own authorizer going down or coming back: authority.outage_started / _ended (lib/status).
  if (!contingency) {
    const couldBeAnswered = via === "simulator" || Boolean(query.certificate?.certificatePem);
    await observeStatusAnswer({ uf, environment, model, result, couldBeAnswered, at: storedAt }).catch((error: unknown) => console.error("authorizer state not recorded", error));
  }
  return check;
}

// The first caller past the cache's age claims the refresh (moves checkedAt) and calls; the others
// read the last answer meanwhile, so simultaneous visits make one call. No row yet: a placeholder
// (empty url), never served as an answer.
const CLAIM = `
  WITH fresh AS (SELECT "result", "url", "via", "latencyMs" FROM "AuthorityStatusCache" WHERE "key" = $1 AND "checkedAt" > $2::timestamp AND "url" <> ''),
  claimed AS (
    INSERT INTO "AuthorityStatusCache" ("key", "result", "url", "via", "latencyMs", "checkedAt") VALUES ($1, $4::jsonb, '', 'sefaz', 0, $3::timestamp)
    ON CONFLICT ("key") DO UPDATE SET "checkedAt" = excluded."checkedAt" WHERE "AuthorityStatusCache"."checkedAt" <= $2::timestamp
    RETURNING 1
  )
  SELECT (SELECT count(*)::int FROM claimed) AS "claimed", (SELECT row_to_json(f) FROM fresh f) AS "fresh"`;

const STORE = `
  INSERT INTO "AuthorityStatusCache" ("key", "result", "url", "via", "latencyMs", "checkedAt") VALUES ($1, $2::jsonb, $3, $4, $5, $6::timestamp)
  ON CONFLICT ("key") DO UPDATE SET "result" = excluded."result", "url" = excluded."url", "via" = excluded."via", "latencyMs" = excluded."latencyMs", "checkedAt" = excluded."checkedAt"`;

type CachedCheck = Pick<ServiceStatusCheck, "result" | "url" | "via" | "latencyMs">;

/** A refresh another caller started: waited for this long at most (the authority's own timeout plus a margin), then called anew. */
const REFRESH_WAIT_MARGIN_MS = 2_000;
const REFRESH_POLL_MS = 100;

async function claimOrRead(key: string, maxAgeMs: number): Promise<CachedCheck | null> {
  const now = new Date();
  const placeholder: StatusResult = { kind: "communication_failure", reason: "Status being checked" };
  const pool = getPool();
  const [row] = await sql<{ claimed: number; fresh: CachedCheck | null }>(pool, CLAIM, [key, utc(new Date(now.getTime() - maxAgeMs)), utc(now), JSON.stringify(placeholder)]);
  if (row?.fresh) return row.fresh;
  if (row?.claimed === 1) return null;
  // Another caller claimed the refresh a moment ago: its previous answer meanwhile. A first
  // answer still in flight (placeholder row, empty url) is awaited rather than shown as a failure.
  const deadline = Date.now() + env().AUTHORITY_TIMEOUT_MS + REFRESH_WAIT_MARGIN_MS;
  for (;;) {
    const [last] = await sql<CachedCheck>(pool, `SELECT "result", "url", "via", "latencyMs" FROM "AuthorityStatusCache" WHERE "key" = $1`, [key]);
    if (!last) return null;
    if (last.url !== "") return last;
    // The claimer died or outlived its own timeout: ask the authority ourselves.
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
  }
}

/**
 * The company's state and environment: NF-e, NFC-e and the NF-e contingency
 * authorizer, checked in parallel with the company's A1 (SEFAZ requires the
 * client certificate even for the status service).
 */
export async function checkCompanyServiceStatus(companyId: string, client: DbClient = db, options: Pick<StatusCheckOptions, "maxAgeMs"> = {}): Promise<{ certificate: boolean; checks: ServiceStatusCheck[] }> {
  const company = await client.company.findFirst({ where: { id: companyId }, select: { state: true, environment: true } });
  if (!company) throw new DomainError(404, "not_found", "Company not found");
  let certificate: ClientCertificate | undefined;
  try {
    certificate = await loadSigningCredentials(companyId, client);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const { state: uf, environment } = company;
  const queries: ServiceStatusQuery[] = [
    { uf, environment, model: 55, certificate },
    { uf, environment, model: 65, certificate },
    { uf, environment, model: 55, contingency: contingencyFor(uf), certificate },
  ];
  // A state missing from a table is shown as a failure, not a crash of the page.
  const checks = await Promise.all(
    queries.map((query) =>
      checkServiceStatus(query, undefined, { companyId, maxAgeMs: options.maxAgeMs }).catch(
        (error: unknown): ServiceStatusCheck => ({
          uf,
          environment,
          model: query.model,
          contingency: query.contingency ?? null,
          authorizer: safeAuthorizer(query),
          url: "",
          via: usesSimulator(environment) ? "simulator" : "sefaz",
          result: { kind: "communication_failure", reason: (error as Error).message },
          latencyMs: 0,
          fromCache: false,
        }),
      ),
    ),
  );
  return { certificate: Boolean(certificate), checks };
}

function safeAuthorizer(query: ServiceStatusQuery): string {
  try {
    return authorizerFor(query.uf, query.model, query.contingency);
  } catch {
    return "?";
  }
}
