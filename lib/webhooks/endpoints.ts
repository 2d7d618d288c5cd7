import type { WebhookEndpoint } from "@prisma/client";
import { paginate, type PaginationQuery } from "@/lib/contracts/pagination";
import { db, type DbClient } from "@/lib/db/client";
import { inSqlTransaction } from "@/lib/db/sql";
import { env } from "@/lib/config/env";
import { notFound, unprocessable } from "@/lib/errors";
import { assertEndpointAnswers } from "./ping";
import { disableEndpoint } from "./record-attempts";
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from "./schemas";
import { toEndpointResponse } from "./serialize";
import { openSecret, sealSecret } from "./secret-store";
import { generateWebhookSecret } from "./signature";
import { assertAcceptableWebhookUrl } from "./validate-url";

// Endpoint CRUD (api.md, Webhook endpoints; Webhook endpoint activity). The
// ping runs before anything is written and with no connection held.

export const MANUAL_DISABLE_REASON = "disabled through the API";

export async function findEndpoint(companyId: string, endpointId: string, client: DbClient = db): Promise<WebhookEndpoint> {
  const endpoint = await client.webhookEndpoint.findFirst({ where: { id: endpointId, companyId } });
  if (!endpoint) throw notFound("Webhook endpoint");
  return endpoint;
}

/**
 * Endpoints one company may have, active or not (WEBHOOK_ENDPOINTS_PER_COMPANY, default 20): each
 * endpoint is a delivery run of its own, and a company's runs share its few delivery slots
 * (docs/api-notes/webhooks.md, Fair sharing). Checked before the ping; two creations racing at
 * the limit may both pass.
 */
async function assertEndpointLimit(companyId: string): Promise<void> {
  const limit = env().WEBHOOK_ENDPOINTS_PER_COMPANY;
  const count = await db.webhookEndpoint.count({ where: { companyId } });
  if (count >= limit) {
    throw unprocessable("webhook_endpoint_limit", `A company may have at most ${limit} webhook endpoints (it has ${count}); delete one it no longer uses`);
  }
}

export async function createWebhookEndpoint(input: { companyId: string } & CreateWebhookEndpointInput) {
  await assertEndpointLimit(input.companyId);
  const url = await assertAcceptableWebhookUrl(input.url);
  const secret = generateWebhookSecret();
  await assertEndpointAnswers(url, secret);
  const endpoint = await db.webhookEndpoint.create({
    data: {
      companyId: input.companyId, url, secret: sealSecret(secret), description: input.description ?? null,
      events: input.events ?? [], environments: input.environments ?? [], documentTypes: input.documentTypes ?? [],
    },
  });
  return { ...toEndpointResponse(endpoint), secret };
}

export async function listWebhookEndpoints(input: { companyId: string } & PaginationQuery) {
  const where = { companyId: input.companyId };
  return paginate(
    input,
    () => db.webhookEndpoint.count({ where }),
    async (window) => (await db.webhookEndpoint.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window })).map(toEndpointResponse),
  );
}

export async function getWebhookEndpoint(input: { companyId: string; endpointId: string }) {
  return toEndpointResponse(await findEndpoint(input.companyId, input.endpointId));
}

/**
 * PATCH: the ping repeats when an inactive endpoint is reactivated (isActive
 * true) or an active one changes its URL; not answered 2xx → 422
 * webhook_unreachable and nothing changes. Reactivation resets
 * consecutiveFailures, disabledReason and disabledAt. isActive false disables
 * it like the health rule does (its PENDING deliveries become FAILED).
 */
export async function updateWebhookEndpoint(input: { companyId: string; endpointId: string } & UpdateWebhookEndpointInput) {
  const current = await findEndpoint(input.companyId, input.endpointId);
  const url = input.url !== undefined ? await assertAcceptableWebhookUrl(input.url) : current.url;
  const willBeActive = input.isActive ?? current.isActive;
  const reactivating = input.isActive === true && !current.isActive;
  const movingActive = willBeActive && url !== current.url;
  if (reactivating || movingActive) await assertEndpointAnswers(url, openSecret(current.secret));
  const filters = {
    ...(input.description !== undefined && { description: input.description }),
    ...(input.events !== undefined && { events: input.events }),
    ...(input.environments !== undefined && { environments: input.environments }),
    ...(input.documentTypes !== undefined && { documentTypes: input.documentTypes }),
  };
  if (input.isActive === false && current.isActive) {
    await inSqlTransaction((client) => disableEndpoint(client, current.id, MANUAL_DISABLE_REASON));
  }
  const updated = await db.webhookEndpoint.update({
    where: { id: current.id },
    data: { url, ...filters, ...(reactivating && { isActive: true, consecutiveFailures: 0, disabledReason: null, disabledAt: null }) },
  });
  return toEndpointResponse(updated);
}

/**
 * Removes the endpoint and its delivery history. Deliveries have no foreign key (prisma/schema/webhooks.prisma):
 * an outcome being written key-share locks the endpoint rows it delivers to, so the endpoint's DELETE
 * waits for it to commit, and the next statement, with a new snapshot, sees its deliveries too.
 */
export async function deleteWebhookEndpoint(input: { companyId: string; endpointId: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { id: input.endpointId, companyId: input.companyId } });
    if (count === 0) throw notFound("Webhook endpoint");
    await tx.webhookDelivery.deleteMany({ where: { endpointId: input.endpointId, companyId: input.companyId } });
  });
}

/** A new secret, returned once; the old one stops signing at once (the next attempt reads the new one). */
export async function rotateWebhookSecret(input: { companyId: string; endpointId: string }) {
  const current = await findEndpoint(input.companyId, input.endpointId);
  const secret = generateWebhookSecret();
  const updated = await db.webhookEndpoint.update({ where: { id: current.id }, data: { secret: sealSecret(secret) } });
  return { ...toEndpointResponse(updated), secret };
}

/** Dashboard shortcut: PATCH isActive true (ping, then reset of the health fields). */
export async function reactivateWebhookEndpoint(input: { companyId: string; endpointId: string }) {
  return updateWebhookEndpoint({ ...input, isActive: true });
}
