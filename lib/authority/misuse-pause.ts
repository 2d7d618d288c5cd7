import { stateInfo } from "@/lib/br";
import { getPool } from "@/lib/db/client";
import { sql, utc, type Queryable } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";
import { MISUSE_BLOCKED } from "./classify";
import type { AuthorityTarget } from "./types";

// Consumo indevido (cStat 656, NT 2018.002): an authorizer that answers 656
// blocks the company's calls for an hour, and every call inside that hour
// (re-sends, consultations) restarts or prolongs the block. So after a 656 the
// company makes no call to that authorizer (state + model + environment) until
// the hour has passed; the pause is a row in PostgreSQL, read by every process.

export const MISUSE_PAUSE_MS = 60 * 60 * 1000;

export type MisusePause = { until: Date; cStat: string; reason: string };

/** The authorizer as state, model and environment ("SP:65:HOMOLOGATION"); contingency authorizers are their own. */
export function authorizerKey(target: Pick<AuthorityTarget, "uf" | "model" | "environment" | "contingency">): string {
  return [target.uf, target.model, target.environment, target.contingency].filter(Boolean).join(":");
}

export function isMisuse(answer: { cStat?: string | null }): boolean {
  return answer.cStat === MISUSE_BLOCKED;
}

/** The pause in force for this company and authorizer, or null. */
export async function activeMisusePause(companyId: string, target: AuthorityTarget, now = new Date(), client: Queryable = getPool()): Promise<MisusePause | null> {
  const [row] = await sql<{ until: Date; cStat: string; reason: string }>(
    client,
    `SELECT "until", "cStat", "reason" FROM "AuthorityPause" WHERE "companyId" = $1 AND "authorizer" = $2 AND "until" > $3::timestamp`,
    [companyId, authorizerKey(target), utc(now)],
  );
  return row ?? null;
}

/** Records a 656: no call to this authorizer for the company until an hour from now (an existing later end is kept). */
export async function recordMisusePause(companyId: string, target: AuthorityTarget, now = new Date(), client: Queryable = getPool()): Promise<MisusePause> {
  const until = new Date(now.getTime() + MISUSE_PAUSE_MS);
  const reason = misuseReason(until, target.uf);
  const [row] = await sql<{ until: Date; cStat: string; reason: string }>(
    client,
    `INSERT INTO "AuthorityPause" ("companyId", "authorizer", "until", "cStat", "reason", "createdAt")
     VALUES ($1, $2, $3::timestamp, $4, $5, $6::timestamp)
     ON CONFLICT ("companyId", "authorizer") DO UPDATE SET
       "until" = greatest("AuthorityPause"."until", excluded."until"),
       "reason" = CASE WHEN excluded."until" > "AuthorityPause"."until" THEN excluded."reason" ELSE "AuthorityPause"."reason" END,
       "cStat" = excluded."cStat"
     RETURNING "until", "cStat", "reason"`,
    [companyId, authorizerKey(target), utc(until), MISUSE_BLOCKED, reason, utc(now)],
  );
  return row!;
}

/** "SEFAZ bloqueou consultas por consumo indevido até 14:32", in the clock of the issuer's state (what its people read). */
export function misuseReason(until: Date, uf: string): string {
  const time = new Intl.DateTimeFormat("pt-BR", { timeZone: stateInfo(uf).timezone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(until);
  return `${MISUSE_BLOCKED} - SEFAZ bloqueou consultas por consumo indevido até ${time}`;
}

/** Synchronous calls (events, inutilizations): 503 authority_unavailable with the pause's end while the company is paused at this authorizer. */
export async function assertNotMisusePaused(companyId: string, target: AuthorityTarget): Promise<void> {
  const pause = await activeMisusePause(companyId, target);
  if (pause) throw misuseUnavailable(pause);
}

/** A synchronous call answered 656: the pause is recorded and the caller answers 503 with its end. */
export async function misuseRecorded(companyId: string, target: AuthorityTarget): Promise<DomainError> {
  return misuseUnavailable(await recordMisusePause(companyId, target));
}

function misuseUnavailable(pause: MisusePause): DomainError {
  const seconds = Math.max(1, Math.ceil((pause.until.getTime() - Date.now()) / 1000));
  return new DomainError(503, "authority_unavailable", `${pause.reason}: no call is made to this authorizer until ${pause.until.toISOString()}`, { "retry-after": String(seconds) });
}
