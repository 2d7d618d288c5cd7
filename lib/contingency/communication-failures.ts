import { env } from "@/lib/config/env";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { authorizerLabel, type ContingencyModel } from "./contingency-mode";
import { enterContingency } from "./enter-contingency";
import { outageReason, STATUS_OUTAGE } from "./status-answers";

export type CommunicationDetail = {
  /** The cStat of a "try later" answer (108/109 say the authorizer is paralysed: contingency at once). */
  cStat?: string;
  reason?: string;
  /** Enter at once, without waiting for the threshold: an NFC-e at a checkout cannot wait (issue offline "at once when an online attempt gets no answer"). */
  immediate?: boolean;
};

export type CommunicationRecord = { failures: number; entered: boolean };

// One statement per failure: a streak older than the window starts again at 1.
const RECORD_FAILURE = `
  INSERT INTO "AuthorizerFailureStreak" ("companyId", "model", "failures", "firstFailureAt", "lastFailureAt", "lastReason")
  VALUES ($1, $2, 1, $3::timestamp, $3::timestamp, $5)
  ON CONFLICT ("companyId", "model") DO UPDATE SET
    "failures" = CASE WHEN "AuthorizerFailureStreak"."failures" > 0 AND "AuthorizerFailureStreak"."firstFailureAt" > $4::timestamp THEN "AuthorizerFailureStreak"."failures" + 1 ELSE 1 END,
    "firstFailureAt" = CASE WHEN "AuthorizerFailureStreak"."failures" > 0 AND "AuthorizerFailureStreak"."firstFailureAt" > $4::timestamp THEN "AuthorizerFailureStreak"."firstFailureAt" ELSE excluded."firstFailureAt" END,
    "lastFailureAt" = excluded."lastFailureAt",
    "lastReason" = excluded."lastReason"
  RETURNING "failures"`;

// A success ends the streak; no write at all when there is none (the common case).
const RECORD_SUCCESS = `UPDATE "AuthorizerFailureStreak" SET "failures" = 0 WHERE "companyId" = $1 AND "model" = $2 AND "failures" > 0`;

/**
 * The same success as a data-modifying CTE body, for a statement that settles
 * the document the authorizer just answered for (the emission's SETTLE): the
 * answer is recorded in the settlement's own statement instead of a
 * transaction of its own. `model` may be NULL (an SVC or offline send says
 * nothing about the state's authorizer): then nothing is written.
 */
export function endFailureStreakSql(companyIdParam: string, modelParam: string): string {
  return `UPDATE "AuthorizerFailureStreak" SET "failures" = 0 WHERE ${modelParam}::int IS NOT NULL AND "companyId" = ${companyIdParam} AND "model" = ${modelParam}::int AND "failures" > 0`;
}

/**
 * What the emission pipeline tells after each call to the company's authorizer
 * for a model: ok (it answered: authorized, refused, denied) or a communication
 * failure (no answer, timeout, HTTP error, 108/109/999). A 108 or 109 enters
 * contingency at once; otherwise CONTINGENCY_FAILURE_THRESHOLD consecutive
 * failures within CONTINGENCY_FAILURE_WINDOW_SECONDS of the first do (both only
 * when the company's contingencyAutomatic is on). One statement per call.
 */
export async function recordAuthorizerCommunication(companyId: string, model: ContingencyModel, ok: boolean, detail: CommunicationDetail = {}, now = new Date()): Promise<CommunicationRecord> {
  const pool = getPool();
  if (ok) {
    await sql(pool, RECORD_SUCCESS, [companyId, model]);
    return { failures: 0, entered: false };
  }
  const config = env();
  const windowStart = new Date(now.getTime() - config.CONTINGENCY_FAILURE_WINDOW_SECONDS * 1000);
  const [row] = await sql<{ failures: number }>(pool, RECORD_FAILURE, [companyId, model, utc(now), utc(windowStart), detail.reason?.slice(0, 500) ?? null]);
  const failures = row?.failures ?? 1;
  if (detail.cStat && STATUS_OUTAGE.has(detail.cStat)) {
    const uf = await companyState(companyId);
    const { entered } = await enterContingency({ companyId, model, automatic: true, reason: outageReason(uf, model, detail.cStat, detail.reason) });
    return { failures, entered };
  }
  if (failures < config.CONTINGENCY_FAILURE_THRESHOLD && !detail.immediate) return { failures, entered: false };
  const uf = await companyState(companyId);
  // The xJust of what is issued meanwhile: read by the accountant on the DANFE and the document page.
  const reason = failures === 1
    ? `${authorizerLabel(uf, model)} sem resposta: 1 falha de comunicação`
    : `${authorizerLabel(uf, model)} sem resposta: ${failures} falhas de comunicação consecutivas em até ${config.CONTINGENCY_FAILURE_WINDOW_SECONDS} s`;
  const { entered } = await enterContingency({ companyId, model, automatic: true, reason });
  return { failures, entered };
}

async function companyState(companyId: string): Promise<string> {
  const [row] = await sql<{ state: string }>(getPool(), `SELECT "state" FROM "Company" WHERE "id" = $1`, [companyId]);
  return row?.state ?? "";
}
