import type { DocumentType, Environment, Prisma, WebhookDeliveryStatus } from "@prisma/client";
import { paginate, type PaginationQuery } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { findEndpoint } from "./endpoints";
import type { ListEndpointDeliveriesQuery } from "./schemas";
import { toDeliveryResponse } from "./serialize";

// Reading deliveries, newest first, always within one company.

const withPayload = { event: { select: { payload: true } } } as const;
const newestFirst: Prisma.WebhookDeliveryOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

export type DeliverySearch = PaginationQuery & {
  status?: WebhookDeliveryStatus;
  eventType?: string;
  endpointId?: string;
  environment?: Environment;
  documentType?: DocumentType;
  from?: string;
  to?: string;
  /** An event id (evt_…), delivery id, document id or access key. */
  search?: string;
};

function createdBetween(from?: string, to?: string): Prisma.DateTimeFilter | undefined {
  if (!from && !to) return undefined;
  return { ...(from && { gte: new Date(from) }), ...(to && { lte: new Date(to) }) };
}

async function searchClause(companyId: string, search?: string): Promise<Prisma.WebhookDeliveryWhereInput> {
  const term = search?.trim();
  if (!term) return {};
  if (term.startsWith("evt_")) return { eventId: term.slice(4) };
  // A document's deliveries are reached through its events (indexed by document; deliveries are not).
  const or: Prisma.WebhookDeliveryWhereInput[] = [{ id: term }, { event: { documentId: term } }];
  if (/^\d{44}$/.test(term)) {
    const document = await db.fiscalDocument.findFirst({ where: { companyId, accessKey: term }, select: { id: true } });
    if (document) or.push({ event: { documentId: document.id } });
  }
  return { OR: or };
}

/** Every delivery of a company (support screens): filters combine with AND. */
export async function searchWebhookDeliveries(input: { companyId: string } & DeliverySearch) {
  const where: Prisma.WebhookDeliveryWhereInput = {
    companyId: input.companyId,
    ...(input.status && { status: input.status }),
    ...(input.eventType && { eventType: input.eventType }),
    ...(input.endpointId && { endpointId: input.endpointId }),
    ...(input.environment && { environment: input.environment }),
    ...(input.documentType && { documentType: input.documentType }),
    ...(createdBetween(input.from, input.to) && { createdAt: createdBetween(input.from, input.to) }),
    ...(await searchClause(input.companyId, input.search)),
  };
  return paginate(
    input,
    () => db.webhookDelivery.count({ where }),
    async (window) => (await db.webhookDelivery.findMany({ where, include: withPayload, orderBy: newestFirst, ...window })).map((d) => toDeliveryResponse(d)),
  );
}

/** GET /v1/webhooks/{id}/deliveries: one endpoint's deliveries (filters status, event type, date range). */
export async function listEndpointDeliveries(input: { companyId: string; endpointId: string } & ListEndpointDeliveriesQuery) {
  const endpoint = await findEndpoint(input.companyId, input.endpointId);
  return searchWebhookDeliveries({ ...input, endpointId: endpoint.id, search: undefined });
}

/** One delivery with its attempts; `withHeaders` adds the headers each attempt sent. */
export async function getWebhookDelivery(input: { companyId: string; deliveryId: string; endpointId?: string; withHeaders?: boolean }) {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: input.deliveryId, companyId: input.companyId, ...(input.endpointId && { endpointId: input.endpointId }) },
    include: withPayload,
  });
  if (!delivery) throw notFound("Webhook delivery");
  return toDeliveryResponse(delivery, { withHeaders: input.withHeaders });
}

/** A document's deliveries across endpoints, newest first (document page). */
export async function listDocumentDeliveries(input: { companyId: string; documentId: string; take?: number }) {
  const deliveries = await db.webhookDelivery.findMany({
    where: { companyId: input.companyId, event: { documentId: input.documentId } },
    include: withPayload,
    orderBy: newestFirst,
    take: input.take ?? 100,
  });
  return deliveries.map((d) => toDeliveryResponse(d));
}
