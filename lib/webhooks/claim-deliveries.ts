import { randomUUID } from "node:crypto";
import type { WebhookTrigger } from "@prisma/client";
import { getPool } from "@/lib/db/client";
import { ASYNC_COMMIT, sql, utc } from "@/lib/db/sql";

// Deliveries are claimed with a lease (leaseToken + leaseUntil) in one short
// statement, then sent with no connection held. A worker killed mid-send
// leaves the lease to expire: the delivery is due again and attempted anew
// (at least once). Recording is guarded by the token, so a stale sender
// whose lease was taken over writes nothing.

/** Longer than the 10 s answer timeout plus recording. */
export const DELIVERY_LEASE_MS = 30_000;

export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  eventType: string;
  payload: string;
  attempts: number;
  scheduledAttempts: number;
  nextTrigger: WebhookTrigger;
  everSucceeded: boolean;
};

const RETURNING = `
  RETURNING d."id", d."endpointId", d."eventType", d."attempts", d."scheduledAttempts", d."nextTrigger",
    (SELECT ev."payload" FROM "WebhookEvent" ev WHERE ev."id" = d."eventId") AS "payload",
    EXISTS (SELECT 1 FROM jsonb_array_elements(d."attemptLog") x WHERE (x->>'responseStatus')::int BETWEEN 200 AND 299) AS "everSucceeded"`;

// The endpoint's URL and secret come with the claim (one statement per batch), which also notes
// when the endpoint's run started: its next outcomes are due a cadence later at the earliest
// (webhook_fan_out, webhook_run_cadence()). A first attempt still inside its gathering window is
// taken along: it counted on this run (its outcome found the run queued), and
// leaving it behind would cost another run and a next-run check.
// The lease and lastDeliveryRunAt commit asynchronously (ASYNC_COMMIT): lost in a database crash,
// the deliveries are simply claimable again and sent again (at least once).
const CLAIM_DUE = `
  WITH e AS (
    UPDATE "WebhookEndpoint" SET "lastDeliveryRunAt" = now() AT TIME ZONE 'UTC'
    WHERE "id" = $1 AND "companyId" = $5 AND "isActive" AND ${ASYNC_COMMIT}
    RETURNING "id", "url", "secret")
  UPDATE "WebhookDelivery" d SET "leaseToken" = $3, "leaseUntil" = $4::timestamp
  FROM (
    SELECT w."id", e."url", e."secret" FROM "WebhookDelivery" w
    JOIN e ON e."id" = w."endpointId"
    WHERE w."endpointId" = $1 AND w."status" = 'PENDING'
      AND w."nextAttemptAt" <= now() AT TIME ZONE 'UTC' + webhook_gather_interval()
      AND (w."attempts" = 0 OR w."nextAttemptAt" <= now() AT TIME ZONE 'UTC')
      AND (w."leaseUntil" IS NULL OR w."leaseUntil" < now() AT TIME ZONE 'UTC')
    ORDER BY w."nextAttemptAt", w."id"
    LIMIT $2
    FOR UPDATE OF w SKIP LOCKED) due
  WHERE d."id" = due."id"` + RETURNING + `, due."url" AS "endpointUrl", due."secret" AS "sealedSecret",
    (SELECT count(*) FROM "WebhookDelivery" p WHERE p."endpointId" = $1 AND p."status" = 'PENDING')::int AS "pendingAtClaim"`;

/** pendingAtClaim: the endpoint's PENDING deliveries when the batch was claimed, the batch's own included (null: nothing claimed). */
export type DueBatch = { token: string; deliveries: ClaimedDelivery[]; endpoint: { url: string; sealedSecret: string } | null; pendingAtClaim: number | null };

/** Up to `limit` due deliveries of an active endpoint of the company, leased to a new token, with the endpoint's URL and sealed secret. */
export async function claimDueDeliveries(input: { endpointId: string; companyId: string }, limit: number): Promise<DueBatch> {
  const token = randomUUID();
  const rows = await sql<ClaimedDelivery & { endpointUrl: string; sealedSecret: string; pendingAtClaim: number }>(getPool(), CLAIM_DUE, [
    input.endpointId, limit, token, utc(new Date(Date.now() + DELIVERY_LEASE_MS)), input.companyId,
  ]);
  const first = rows[0];
  const deliveries = rows.map(({ endpointUrl: _url, sealedSecret: _secret, pendingAtClaim: _pending, ...delivery }) => delivery);
  return { token, deliveries, endpoint: first ? { url: first.endpointUrl, sealedSecret: first.sealedSecret } : null, pendingAtClaim: first?.pendingAtClaim ?? null };
}

// A manual attempt (redeliver, test) takes the delivery whatever its status,
// unless a sender holds it right now. It becomes PENDING and due now under
// this lease, so a crash before recording leaves it to the delivery run.
const CLAIM_ONE = `
  UPDATE "WebhookDelivery" d SET "leaseToken" = $3, "leaseUntil" = $4::timestamp, "status" = 'PENDING',
    "nextAttemptAt" = now() AT TIME ZONE 'UTC', "nextTrigger" = $5::"WebhookTrigger", "updatedAt" = now() AT TIME ZONE 'UTC'
  WHERE d."id" = $1 AND d."companyId" = $2 AND (d."leaseUntil" IS NULL OR d."leaseUntil" < now() AT TIME ZONE 'UTC')` + RETURNING;

export async function claimDeliveryForManualAttempt(companyId: string, deliveryId: string, trigger: WebhookTrigger): Promise<{ token: string; delivery: ClaimedDelivery | null }> {
  const token = randomUUID();
  const [row] = await sql<ClaimedDelivery>(getPool(), CLAIM_ONE, [deliveryId, companyId, token, utc(new Date(Date.now() + DELIVERY_LEASE_MS)), trigger]);
  return { token, delivery: row ?? null };
}
