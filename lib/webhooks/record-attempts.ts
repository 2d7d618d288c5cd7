import type { PoolClient } from "pg";
import { getPool } from "@/lib/db/client";
import { ASYNC_COMMIT, inSqlTransaction, sql, utc } from "@/lib/db/sql";
import type { ClaimedDelivery } from "./claim-deliveries";
import { FAILURES_BEFORE_DISABLE } from "./config";
import type { AttemptResult } from "./http-sender";
import { afterFailedAttempt, afterSucceededAttempt } from "./retry-schedule";

// One statement records a batch of attempts (status, schedule, last answer,
// attemptLog entry), then the endpoint's health changes in the same
// transaction: a SUCCEEDED delivery resets consecutiveFailures, each delivery
// that exhausted its schedule adds one, and the fifth in a row disables the
// endpoint (its PENDING deliveries become FAILED, kept for redelivery and backfill).
// A 410 Gone answer (not to a test event) fails its delivery without retry
// and disables the endpoint at once.

export type AttemptOutcome = {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  signedAt: number;
  signature: string;
  at: Date;
};

export const DISABLED_REASON = `${FAILURES_BEFORE_DISABLE} consecutive failed deliveries`;
/** Standard Webhooks: a 410 Gone answer disables the endpoint at once (a test event's does not). */
export const GONE_REASON = "the receiver answered 410 Gone";

// The leased rows are found through indexes (the endpoint's PENDING deliveries, or the ids), never
// by a scan for the lease token. The statement's plan is kept per connection from its first runs;
// in a fresh database the table was small then, the scan looked cheapest, and it stayed the plan
// as the table grew: 1-2 ms a run at 3,000 deliveries, the largest part of a small run's cost.
// A leased delivery is always a PENDING one of the endpoint (claimDueDeliveries, manual claims).
// Its transaction commits asynchronously (ASYNC_COMMIT): a record lost in a database crash leaves
// the delivery PENDING under an expired lease, so it is sent again (at least once), and the health
// counters are counted again from what is recorded.
export const RECORD_ATTEMPTS_SQL = `
  UPDATE "WebhookDelivery" d SET
    "status" = r."status"::"WebhookDeliveryStatus", "attempts" = d."attempts" + 1, "scheduledAttempts" = r."scheduledAttempts",
    "nextAttemptAt" = r."nextAttemptAt", "nextTrigger" = 'AUTOMATIC', "leaseToken" = NULL, "leaseUntil" = NULL,
    "responseStatus" = r."responseStatus", "responseBody" = r."responseBody", "errorMessage" = r."errorMessage",
    "attemptLog" = d."attemptLog" || jsonb_build_array(r."entry" || jsonb_build_object('attempt', d."attempts" + 1)),
    "updatedAt" = now() AT TIME ZONE 'UTC'
  FROM jsonb_to_recordset($1::jsonb) AS r("id" text, "status" text, "scheduledAttempts" int, "nextAttemptAt" timestamp,
    "responseStatus" int, "responseBody" text, "errorMessage" text, "entry" jsonb)
  WHERE d."endpointId" = $4 AND d."status" = 'PENDING' AND d."id" = ANY($3::text[]) AND d."id" = r."id" AND d."leaseToken" = $2
    AND ${ASYNC_COMMIT}
  RETURNING d."id", d."status", d."nextAttemptAt"`;

// The attempts, and a success's reset of the endpoint's failure counter (only when it is not 0 already).
const RECORD_AND_RESET = `
  WITH recorded AS (${RECORD_ATTEMPTS_SQL}),
  reset AS (
    UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 0, "updatedAt" = now() AT TIME ZONE 'UTC'
    WHERE "id" = $4 AND $5::boolean AND "consecutiveFailures" <> 0 AND EXISTS (SELECT 1 FROM recorded))
  SELECT count(*)::int AS "recorded" FROM recorded`;

export type RecordedBatch = { recorded: number; endpointDisabled: boolean };

export async function recordAttempts(endpointId: string, token: string, outcomes: AttemptOutcome[], delays: readonly number[]): Promise<RecordedBatch> {
  if (outcomes.length === 0) return { recorded: 0, endpointDisabled: false };
  // Health counts in completion order: failures after the last success.
  let anySuccess = false;
  let failuresAfterLastSuccess = 0;
  let gone = false;
  const rows = outcomes
    .slice()
    .sort((a, b) => a.at.getTime() + a.result.durationMs - (b.at.getTime() + b.result.durationMs))
    .map(({ delivery, result, signedAt, signature, at }) => {
      const trigger = delivery.nextTrigger;
      const entry = {
        signedAt, signature, responseStatus: result.responseStatus, responseBody: result.responseBody, errorMessage: result.errorMessage,
        durationMs: result.durationMs, createdAt: at.toISOString(), trigger,
      };
      if (result.ok) {
        if (trigger !== "TEST") {
          anySuccess = true;
          failuresAfterLastSuccess = 0;
        }
        const { scheduledAttempts } = afterSucceededAttempt({ trigger, scheduledAttempts: delivery.scheduledAttempts });
        return { id: delivery.id, status: "SUCCEEDED", scheduledAttempts, nextAttemptAt: null, ...answer(result), entry };
      }
      const next = afterFailedAttempt({ trigger, scheduledAttempts: delivery.scheduledAttempts, everSucceeded: delivery.everSucceeded, delays, now: new Date(at.getTime() + result.durationMs), retryAfterSeconds: result.retryAfterSeconds });
      if (result.responseStatus === 410 && trigger !== "TEST") {
        // The receiver says the URL is gone for good: no retry, and the endpoint is disabled below.
        gone = true;
        return { id: delivery.id, status: "FAILED", scheduledAttempts: next.scheduledAttempts, nextAttemptAt: null, ...answer(result), entry };
      }
      if (next.exhaustedSchedule) failuresAfterLastSuccess += 1;
      return { id: delivery.id, status: next.status, scheduledAttempts: next.scheduledAttempts, nextAttemptAt: next.nextAttemptAt && utc(next.nextAttemptAt), ...answer(result), entry };
    });
  const ids = rows.map((row) => row.id);
  // No failure counted since the last success (the usual case): one statement, no transaction.
  if (failuresAfterLastSuccess === 0 && !gone) {
    const [row] = await sql<{ recorded: number }>(getPool(), RECORD_AND_RESET, [JSON.stringify(rows), token, ids, endpointId, anySuccess]);
    return { recorded: row?.recorded ?? 0, endpointDisabled: false };
  }
  return inSqlTransaction(async (client) => {
    const recorded = await sql<{ id: string }>(client, RECORD_ATTEMPTS_SQL, [JSON.stringify(rows), token, ids, endpointId]);
    if (gone && recorded.length > 0) {
      await disableEndpoint(client, endpointId, GONE_REASON);
      return { recorded: recorded.length, endpointDisabled: true };
    }
    const endpointDisabled = await updateHealth(client, endpointId, anySuccess, failuresAfterLastSuccess);
    return { recorded: recorded.length, endpointDisabled };
  });
}

function answer(result: AttemptResult) {
  return { responseStatus: result.responseStatus, responseBody: result.responseBody, errorMessage: result.errorMessage };
}

async function updateHealth(client: PoolClient, endpointId: string, anySuccess: boolean, failures: number): Promise<boolean> {
  const [endpoint] = await sql<{ consecutiveFailures: number; isActive: boolean }>(
    client,
    `UPDATE "WebhookEndpoint" SET "consecutiveFailures" = CASE WHEN $2 THEN $3 ELSE "consecutiveFailures" + $3 END, "updatedAt" = now() AT TIME ZONE 'UTC'
     WHERE "id" = $1 RETURNING "consecutiveFailures", "isActive"`,
    [endpointId, anySuccess, failures],
  );
  if (!endpoint || !endpoint.isActive || endpoint.consecutiveFailures < FAILURES_BEFORE_DISABLE) return false;
  await disableEndpoint(client, endpointId, DISABLED_REASON);
  return true;
}

/** Deactivates an endpoint; its PENDING deliveries become FAILED (kept: redeliver or backfill sends them after reactivation). */
export async function disableEndpoint(client: PoolClient, endpointId: string, reason: string): Promise<void> {
  await sql(
    client,
    `UPDATE "WebhookEndpoint" SET "isActive" = false, "disabledReason" = $2, "disabledAt" = now() AT TIME ZONE 'UTC', "updatedAt" = now() AT TIME ZONE 'UTC' WHERE "id" = $1`,
    [endpointId, reason],
  );
  await sql(
    client,
    `UPDATE "WebhookDelivery" SET "status" = 'FAILED', "nextAttemptAt" = NULL, "leaseToken" = NULL, "leaseUntil" = NULL,
       "errorMessage" = 'endpoint disabled before delivery: ' || $2, "updatedAt" = now() AT TIME ZONE 'UTC'
     WHERE "endpointId" = $1 AND "status" = 'PENDING'`,
    [endpointId, reason],
  );
}
