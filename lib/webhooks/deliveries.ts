import type { DocumentType, Environment, Prisma, WebhookDelivery, WebhookDeliveryStatus } from "@prisma/client";
import { paginate, type PaginationQuery } from "@/lib/contracts/pagination";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { findEndpoint } from "./endpoints";
import type { ListEndpointDeliveriesQuery } from "./schemas";
import { toDeliveryResponse, type DeliveryWithPayload } from "./serialize";

// Reading deliveries, newest first, always within one company.

/** The deliveries with their events' payloads (one query for the page; deliveries have no relation to their event: prisma/schema/webhooks.prisma). */
export async function withPayloads(deliveries: WebhookDelivery[]): Promise<DeliveryWithPayload[]> {
  if (deliveries.length === 0) return [];
  const events = await db.webhookEvent.findMany({ where: { id: { in: [...new Set(deliveries.map((d) => d.eventId))] } }, select: { id: true, payload: true } });
  const payloads = new Map(events.map((event) => [event.id, event.payload]));
  return deliveries.map((delivery) => ({ ...delivery, event: { payload: payloads.get(delivery.eventId) ?? "" } }));
}

/** The ids of a document's events (every dispatch of it): its deliveries are found through them. */
async function documentEventIds(companyId: string, documentId: string): Promise<string[]> {
  return (await db.webhookEvent.findMany({ where: { companyId, documentId }, select: { id: true } })).map((event) => event.id);
}

const newestFirst: Prisma.WebhookDeliveryOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

export type DeliverySearch = PaginationQuery & {
  status?: WebhookDeliveryStatus;
  eventType?: string;
  endpointId?: string;
  environment?: Environment;
  documentType?: DocumentType;
  from?: string;
  to?: string;
  /** An event id (evt_…), delivery id, document id, access key, externalId, document number or part of a client's name. */
  search?: string;
};

function createdBetween(from?: string, to?: string): Prisma.DateTimeFilter | undefined {
  if (!from && !to) return undefined;
  return { ...(from && { gte: new Date(from) }), ...(to && { lte: new Date(to) }) };
}

// The documents a support search names: its id, access key, externalId (the caller's order id),
// number, or a client's name (part of it, any case). Bounded: a name matching thousands of
// documents still reads only their newest deliveries' events.
const SEARCH_DOCUMENTS_MAX = 200;

async function documentsMatching(companyId: string, term: string): Promise<string[]> {
  const or: Prisma.FiscalDocumentWhereInput[] = [{ id: term }, { externalId: term }, { accessKey: term.toUpperCase() }];
  if (/^\d{1,9}$/.test(term)) or.push({ number: Number(term) });
  if (term.length >= 3) {
    const clients = await db.client.findMany({ where: { companyId, name: { contains: term, mode: "insensitive" } }, select: { id: true }, take: 50 });
    if (clients.length > 0) or.push({ clientId: { in: clients.map((client) => client.id) } });
  }
  const documents = await db.fiscalDocument.findMany({ where: { companyId, OR: or }, select: { id: true }, orderBy: { createdAt: "desc" }, take: SEARCH_DOCUMENTS_MAX });
  return documents.map((document) => document.id);
}

async function searchClause(companyId: string, search?: string): Promise<Prisma.WebhookDeliveryWhereInput> {
  const term = search?.trim();
  if (!term) return {};
  if (term.startsWith("evt_")) return { eventId: term.slice(4) };
  // A document's deliveries are reached through its events (indexed by document; deliveries are not).
  const documentIds = await documentsMatching(companyId, term);
  const eventIds = documentIds.length > 0 ? (await db.webhookEvent.findMany({ where: { companyId, documentId: { in: documentIds } }, select: { id: true } })).map((event) => event.id) : [];
  return { OR: [{ id: term }, ...(eventIds.length > 0 ? [{ eventId: { in: eventIds } }] : [])] };
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
    async (window) => (await withPayloads(await db.webhookDelivery.findMany({ where, orderBy: newestFirst, ...window }))).map((d) => toDeliveryResponse(d)),
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
  });
  if (!delivery) throw notFound("Webhook delivery");
  const [withPayload] = await withPayloads([delivery]);
  return toDeliveryResponse(withPayload!, { withHeaders: input.withHeaders });
}

/** A document's deliveries across endpoints, newest first (document page). */
export async function listDocumentDeliveries(input: { companyId: string; documentId: string; take?: number }) {
  const eventIds = await documentEventIds(input.companyId, input.documentId);
  if (eventIds.length === 0) return [];
  const deliveries = await db.webhookDelivery.findMany({
    where: { companyId: input.companyId, eventId: { in: eventIds } },
    orderBy: newestFirst,
    take: input.take ?? 100,
  });
  return (await withPayloads(deliveries)).map((d) => toDeliveryResponse(d));
}
