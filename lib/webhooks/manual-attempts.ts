import type { WebhookTrigger } from "@prisma/client";
import { db } from "@/lib/db/client";
import { getPool } from "@/lib/db/client";
import { inSqlTransaction, sql, utc } from "@/lib/db/sql";
import { conflict, notFound, unprocessable } from "@/lib/errors";
import { claimDeliveryForManualAttempt, DELIVERY_LEASE_MS } from "./claim-deliveries";
import { retryDelaysSeconds } from "./config";
import { attemptDelivery } from "./deliver-due";
import { withPayloads } from "./deliveries";
import { findEndpoint } from "./endpoints";
import { recordAttempts } from "./record-attempts";
import { toDeliveryResponse } from "./serialize";
import { openSecret } from "./secret-store";
import { insertWebhookEvent } from "./webhook-events";

// Attempts made on request, answered with the result: redeliver (the same
// body, same event id, a new attempt signed now) and the test event. The
// delivery is claimed first and a delivery run is queued for when its lease
// ends, so a crash mid-attempt still leaves it to the background sender.

export const TEST_MESSAGE = "Test event: nothing was issued";

export async function redeliverWebhookDelivery(input: { companyId: string; endpointId: string; deliveryId: string }) {
  const endpoint = await findEndpoint(input.companyId, input.endpointId);
  const existing = await db.webhookDelivery.findFirst({ where: { id: input.deliveryId, endpointId: endpoint.id, companyId: input.companyId }, select: { id: true } });
  if (!existing) throw notFound("Webhook delivery");
  if (!endpoint.isActive) {
    throw unprocessable("webhook_endpoint_inactive", "The endpoint is inactive: reactivate it (PATCH isActive true) before redelivering");
  }
  return attemptNow(input.companyId, endpoint, existing.id, "MANUAL");
}

/** Sends webhook.test (data { message, endpointId }) to one endpoint, active or not; it does not count for the endpoint's health. */
export async function sendTestWebhook(input: { companyId: string; endpointId: string }) {
  const endpoint = await findEndpoint(input.companyId, input.endpointId);
  const deliveryId = await inSqlTransaction(async (client) => {
    const eventId = await insertWebhookEvent(client, { companyId: input.companyId, type: "webhook.test", origin: "TEST", data: { message: TEST_MESSAGE, endpointId: endpoint.id } });
    // Key-share locks the endpoint (deliveries have no foreign key): deleted meanwhile, it gets no delivery.
    const [row] = await sql<{ id: string }>(
      client,
      `INSERT INTO "WebhookDelivery" ("id", "companyId", "endpointId", "eventId", "eventType", "nextAttemptAt", "nextTrigger", "createdAt", "updatedAt")
       SELECT gen_random_uuid()::text, $1, e."id", $3, 'webhook.test', now() AT TIME ZONE 'UTC', 'TEST', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
       FROM "WebhookEndpoint" e WHERE e."id" = $2 AND e."companyId" = $1 FOR KEY SHARE OF e
       RETURNING "id"`,
      [input.companyId, endpoint.id, eventId],
    );
    if (!row) throw notFound("Webhook endpoint");
    return row.id;
  });
  return attemptNow(input.companyId, endpoint, deliveryId, "TEST");
}

async function attemptNow(companyId: string, endpoint: { id: string; url: string; secret: string }, deliveryId: string, trigger: WebhookTrigger) {
  const { token, delivery } = await claimDeliveryForManualAttempt(companyId, deliveryId, trigger);
  if (!delivery) throw conflict("conflict", "This delivery is being attempted right now; try again in a few seconds");
  await sql(getPool(), `SELECT webhook_ensure_delivery_run($1, $2, $3::timestamp)`, [endpoint.id, companyId, utc(new Date(Date.now() + DELIVERY_LEASE_MS))]);
  const outcome = await attemptDelivery({ url: endpoint.url, secret: openSecret(endpoint.secret) }, delivery);
  await recordAttempts(endpoint.id, token, [outcome], retryDelaysSeconds());
  const [stored] = await withPayloads([await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })]);
  return toDeliveryResponse(stored!);
}
