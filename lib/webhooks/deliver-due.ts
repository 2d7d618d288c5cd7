import { getPool } from "@/lib/db/client";
import { backgroundDriver } from "@/lib/jobs/driver-mode";
import { markForwardedRun } from "@/lib/jobs/forward-queued-runs";
import { ASYNC_COMMIT, sql, utc } from "@/lib/db/sql";
import { claimDueDeliveries, type ClaimedDelivery } from "./claim-deliveries";
import { retryDelaysSeconds, WEBHOOK_TIMEOUT_MS } from "./config";
import { webhookNow } from "./clock";
import { postWebhook } from "./http-sender";
import { recordAttempts, type AttemptOutcome } from "./record-attempts";
import { openSecret } from "./secret-store";
import { signedHeaders } from "./signature";
import { attemptTimeoutMs, noteAttempts, slowRunNotBefore } from "./slow-endpoints";

// The body of one delivery run (inngest/functions/deliver-webhooks.ts): one
// endpoint's due deliveries, BATCH at a time sent in parallel, until none is
// due or the time budget is spent, so a run never holds a worker slot for
// long; then the endpoint's next run is queued for its earliest pending
// delivery. Runs of one endpoint share a concurrency key: a slow receiver
// only ever occupies its own run.

export type DeliverDueOptions = { budgetMs?: number; batchSize?: number };

export type DeliverDueResult = { attempted: number; succeeded: number; endpointDisabled: boolean; nextRunAt: string | null };

/**
 * A delivery run as its function runs it. With the Inngest driver the run's
 * row (queued by the database, forwarded by the relay) follows the run:
 * RUNNING before anything is claimed, so an outcome recorded from then on
 * queues a run of its own instead of counting on this one.
 */
export async function runDeliveryRun(run: { endpointId: string; companyId: string; runId: string }): Promise<DeliverDueResult> {
  const forwarded = backgroundDriver() === "inngest";
  if (forwarded) await markForwardedRun(run.runId, "RUNNING");
  const result = await deliverDueForEndpoint(run);
  if (forwarded) await markForwardedRun(run.runId, "SUCCEEDED");
  return result;
}

/** After a run failed for good: its row records it (Inngest driver) and the endpoint's next run is queued. */
export async function rescheduleAfterFailedRun(run: { endpointId: string; companyId: string; runId: string }, error: string): Promise<string | null> {
  if (backgroundDriver() === "inngest") await markForwardedRun(run.runId, "FAILED", error);
  return scheduleNextRun(run);
}

export async function deliverDueForEndpoint(input: { endpointId: string; companyId: string }, options: DeliverDueOptions = {}): Promise<DeliverDueResult> {
  // A receiver that keeps timing out sends at most once per spacing (slow-endpoints.ts).
  const notBefore = slowRunNotBefore(input.endpointId);
  if (notBefore !== null) return { attempted: 0, succeeded: 0, endpointDisabled: false, nextRunAt: await scheduleNextRun(input, new Date(notBefore)) };
  const budgetMs = options.budgetMs ?? 10_000;
  const batchSize = options.batchSize ?? 64;
  const started = Date.now();
  const delays = retryDelaysSeconds();
  let attempted = 0;
  let succeeded = 0;
  let endpointDisabled = false;
  // The last batch was every delivery PENDING at its claim, and all of it succeeded.
  let nothingLeft = false;
  while (Date.now() - started < budgetMs) {
    const { token, deliveries, endpoint, pendingAtClaim } = await claimDueDeliveries(input, batchSize);
    if (!endpoint) break;
    const target = { url: endpoint.url, secret: openSecret(endpoint.sealedSecret) };
    // One deadline for the batch: the sender adds one abort listener to it, not one per request.
    const timeoutMs = attemptTimeoutMs(input.endpointId);
    const deadline = AbortSignal.timeout(timeoutMs);
    const outcomes = await Promise.all(deliveries.map((delivery) => attemptDelivery(target, delivery, deadline, timeoutMs)));
    noteAttempts(input.endpointId, outcomes.map((outcome) => outcome.result));
    const recorded = await recordAttempts(input.endpointId, token, outcomes, delays);
    attempted += outcomes.length;
    succeeded += outcomes.filter((o) => o.result.ok).length;
    if (recorded.endpointDisabled) {
      endpointDisabled = true;
      break;
    }
    // A short batch took everything due at the claim (first attempts in their gathering window included); outcomes since queued their own run.
    if (deliveries.length < batchSize) {
      nothingLeft = pendingAtClaim === deliveries.length && outcomes.every((o) => o.result.ok);
      break;
    }
  }
  // With nothing left PENDING but deliveries made after the claim, the next-run check would find
  // nothing to do: each of those queued a run of its own (this one is RUNNING, and a run an
  // outcome counts on cannot start before that outcome commits: webhook_ensure_delivery_run).
  // A disabled endpoint has nothing PENDING either.
  const nextRunAt = nothingLeft || endpointDisabled ? null : await scheduleNextRun(input);
  return { attempted, succeeded, endpointDisabled, nextRunAt };
}

/** Signs at the attempt's own time and sends; the payload bytes are the event's, unchanged. */
export async function attemptDelivery(endpoint: { url: string; secret: string }, delivery: ClaimedDelivery, deadline?: AbortSignal, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<AttemptOutcome> {
  const at = webhookNow();
  const signed = signedHeaders({ secret: endpoint.secret, payload: delivery.payload, eventType: delivery.eventType, deliveryId: delivery.id, at });
  const result = await postWebhook(endpoint.url, delivery.payload, signed.headers, deadline, timeoutMs);
  return { delivery, result, signedAt: signed.signedAt, signature: signed.signature, at };
}

/**
 * Queues the endpoint's next delivery run for its earliest PENDING delivery
 * (a retry, or one whose lease must expire first), unless one is queued by
 * then. Idempotent: a replayed run queues nothing more. Committed asynchronously: the run's own
 * finish comes later, so if a crash loses this, it loses the finish too and the run runs again.
 */
export async function scheduleNextRun(input: { endpointId: string; companyId: string }, notBefore?: Date): Promise<string | null> {
  const [row] = await sql<{ due: Date }>(
    getPool(),
    `SELECT greatest(next."due", $3::timestamp) AS "due", webhook_ensure_delivery_run($1, $2, greatest(next."due", $3::timestamp))
     FROM (SELECT min(greatest(d."nextAttemptAt", coalesce(d."leaseUntil", d."nextAttemptAt"))) AS "due" FROM "WebhookDelivery" d
           WHERE d."endpointId" = $1 AND d."status" = 'PENDING'
             AND EXISTS (SELECT 1 FROM "WebhookEndpoint" e WHERE e."id" = d."endpointId" AND e."isActive")) next
     WHERE next."due" IS NOT NULL AND ${ASYNC_COMMIT}`,
    [input.endpointId, input.companyId, notBefore ? utc(notBefore) : null],
  );
  return row ? row.due.toISOString() : null;
}
