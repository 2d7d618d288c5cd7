import type { WebhookDeliveryStatus } from "@prisma/client";
import { db } from "@/lib/db/client";
import { startWebhookBackfill } from "./backfill";
import { listWebhookEndpoints } from "./endpoints";
import type { BackfillInput } from "./schemas";

export type LastDelivery = { status: WebhookDeliveryStatus; responseStatus: number | null; at: string };

/**
 * The newest delivery of each endpoint on a page of the endpoints list (support
 * screen column "last delivery"). One LATERAL query for the page, scoped to the
 * company; it walks the (companyId, createdAt) index backwards per endpoint.
 */
export async function lastDeliveryByEndpoint(companyId: string, endpointIds: string[]): Promise<Map<string, LastDelivery>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ endpointId: string; status: WebhookDeliveryStatus; responseStatus: number | null; createdAt: Date }[]>`
    SELECT e.id AS "endpointId", d.status, d."responseStatus", d."createdAt"
    FROM unnest(${endpointIds}::text[]) AS e(id)
    CROSS JOIN LATERAL (
      SELECT status, "responseStatus", "createdAt" FROM "WebhookDelivery"
      WHERE "companyId" = ${companyId} AND "endpointId" = e.id
      ORDER BY "createdAt" DESC, id DESC LIMIT 1
    ) d`;
  return new Map(rows.map((row) => [row.endpointId, { status: row.status, responseStatus: row.responseStatus, at: row.createdAt.toISOString() }]));
}


/** The endpoints page: the /v1 list plus each endpoint's newest delivery. */
export async function listEndpointsWithLastDelivery(input: { companyId: string; page: number; pageSize: number }) {
  const page = await listWebhookEndpoints(input);
  const last = await lastDeliveryByEndpoint(input.companyId, page.data.map((endpoint) => endpoint.id));
  return { ...page, data: page.data.map((endpoint) => ({ ...endpoint, lastDelivery: last.get(endpoint.id) ?? null })) };
}

/** A backfill started from the dashboard records the signed-in user (id and email) as its actor. */
export async function startBackfillAsUser(input: { companyId: string; userId: string } & BackfillInput) {
  const { userId, ...criteria } = input;
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true } });
  return startWebhookBackfill({ ...criteria, actor: { kind: "user", id: user.id, email: user.email } });
}
