import { loadSigningCredentials } from "@/lib/certificates";
import { authorizerFor } from "@/lib/authority/endpoints";
import { checkServiceStatus, STATUS_CACHE_MS } from "@/lib/authority/service-status";
import { usesSimulator } from "@/lib/authority/tax-authority";
import type { AuthorityEnvironment, AuthorityModel, ClientCertificate, StatusResult } from "@/lib/authority/types";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";

// The status probe (issue 58 items 2 and 3): every PROBE_EVERY_MS each web process asks the status
// service of every authorizer its companies issue with (each state's NF-e and NFC-e authorizer,
// per environment), through the shared status cache, so the status page is current and an outage
// is seen (authority.outage_started) without waiting for a visit or a failed send. The cache makes
// the processes share one call per authorizer per STATUS_CACHE_MS: within the 20 an hour that
// keeps clear of consumo indevido (service-status.ts). SEFAZ wants a client certificate: the call
// is made with the A1 of one company of that authorizer (a different one each time), and that
// company's 656 pause is respected; the simulator needs none.

export const PROBE_EVERY_MS = 5 * 60 * 1000;

export type ProbeTarget = { authorizer: string; model: AuthorityModel; environment: AuthorityEnvironment; uf: string; companyId: string };

// One company per state and environment, picked at random among those that can make the call.
const CANDIDATES = `
  SELECT DISTINCT ON ("state", "environment") "id", "state", "environment", "hasCertificate"
  FROM (
    SELECT c."id", c."state", c."environment"::text AS "environment",
           EXISTS (SELECT 1 FROM "Certificate" k WHERE k."companyId" = c."id" AND k."isActive" AND k."notAfter" > $1::timestamp) AS "hasCertificate"
    FROM "Company" c
  ) candidates
  ORDER BY "state", "environment", "hasCertificate" DESC, random()`;

/** The authorizers to ask now: one state (and company) per authorizer, model and environment. */
export async function probeTargets(now: Date = new Date()): Promise<ProbeTarget[]> {
  const rows = await sql<{ id: string; state: string; environment: AuthorityEnvironment; hasCertificate: boolean }>(getPool(), CANDIDATES, [utc(now)]);
  const targets = new Map<string, ProbeTarget>();
  for (const row of rows) {
    if (!row.hasCertificate && !usesSimulator(row.environment)) continue;
    for (const model of [55, 65] as const) {
      let authorizer: string;
      try {
        authorizer = authorizerFor(row.state, model);
      } catch {
        continue;
      }
      const key = `${authorizer}|${model}|${row.environment}`;
      if (!targets.has(key)) targets.set(key, { authorizer, model, environment: row.environment, uf: row.state, companyId: row.id });
    }
  }
  return [...targets.values()];
}

/** One round: each target's status through the shared cache (answers younger than STATUS_CACHE_MS are reused, not asked again). */
export async function probeAuthorizers(now: Date = new Date(), only: (target: ProbeTarget) => boolean = () => true): Promise<{ target: ProbeTarget; result: StatusResult; fromCache: boolean }[]> {
  const results: { target: ProbeTarget; result: StatusResult; fromCache: boolean }[] = [];
  for (const target of (await probeTargets(now)).filter(only)) {
    let certificate: ClientCertificate | undefined;
    try {
      certificate = await loadSigningCredentials(target.companyId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    try {
      const check = await checkServiceStatus({ uf: target.uf, environment: target.environment, model: target.model, certificate }, undefined, { companyId: target.companyId, maxAgeMs: STATUS_CACHE_MS });
      results.push({ target, result: check.result, fromCache: check.fromCache });
    } catch (error) {
      console.error(`status probe of ${target.authorizer} (${target.model}, ${target.environment}) failed`, error);
    }
  }
  return results;
}

const timers = globalThis as unknown as { __authorizerProbe?: NodeJS.Timeout };

/** Starts the probe in this process (once: dev reloads reuse it); a round never overlaps the previous one. */
export function startAuthorizerProbe(): boolean {
  if (timers.__authorizerProbe) return false;
  let running = false;
  const round = () => {
    if (running) return;
    running = true;
    probeAuthorizers()
      .catch((error: unknown) => console.error("status probe failed", error))
      .finally(() => {
        running = false;
      });
  };
  setTimeout(round, 30_000).unref();
  timers.__authorizerProbe = setInterval(round, PROBE_EVERY_MS);
  timers.__authorizerProbe.unref();
  return true;
}
