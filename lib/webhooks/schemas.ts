import { z } from "zod";
import { PaginationQuery, pageSchema } from "@/lib/contracts/pagination";

// api.md, Resources → Webhook endpoint / Webhook delivery, Endpoints → Webhook
// endpoints, and docs/api-notes/webhooks.md for the shapes the spec leaves open.

// DOCUMENT_DENIED / document.denied, DOCUMENT_CONTINGENCY / document.contingency (an NFC-e issued
// offline, docs/api-notes/contingency.md), DOCUMENT_CONTINGENCY_DEADLINE / document.contingency_deadline
// (such a document at 75 % of its transmission deadline, issue 50), the received documents' RECEIVED_DOCUMENT_CREATED /
// RECEIVED_DOCUMENT_UPDATED, DOCUMENT_EVENT_REGISTERED (docs/api-notes/reform-events.md) and the certificate alerts'
// COMPANY_CERTIFICATE_EXPIRING / COMPANY_CERTIFICATE_EXPIRED (issue 58) extend the spec's list (docs/api-notes/webhooks.md), as do
// AUTHORITY_OUTAGE_STARTED / AUTHORITY_OUTAGE_ENDED (issue 58, docs/api-notes/status.md).
// MDF-e outcomes (issue 55, docs/api-notes/mdfe.md, Webhooks): no document type, so an endpoint filtered by documentTypes does not get them.
const TRANSPORT_MANIFEST_FILTERS = ["TRANSPORT_MANIFEST_AUTHORIZED", "TRANSPORT_MANIFEST_REJECTED", "TRANSPORT_MANIFEST_CLOSED", "TRANSPORT_MANIFEST_CANCELLED", "TRANSPORT_MANIFEST_DRIVER_ADDED", "TRANSPORT_MANIFEST_DOCUMENTS_ADDED", "TRANSPORT_MANIFEST_PAYMENT_ADDED", "TRANSPORT_MANIFEST_CONTINGENCY_DEADLINE"] as const;
export const WEBHOOK_EVENT_FILTERS = ["DOCUMENT_AUTHORIZED", "DOCUMENT_REJECTED", "DOCUMENT_CANCELLED", "DOCUMENT_DENIED", "DOCUMENT_INUTILIZED", "DOCUMENT_CONTINGENCY", "DOCUMENT_CONTINGENCY_DEADLINE", "RECEIVED_DOCUMENT_CREATED", "RECEIVED_DOCUMENT_UPDATED", "DOCUMENT_EVENT_REGISTERED", "COMPANY_CERTIFICATE_EXPIRING", "COMPANY_CERTIFICATE_EXPIRED", "DOCUMENT_IMPORTED", "NUMBERING_GAPS_PENDING", "INUTILIZATION_REGISTERED", "AUTHORITY_OUTAGE_STARTED", "AUTHORITY_OUTAGE_ENDED", ...TRANSPORT_MANIFEST_FILTERS] as const;
export const WEBHOOK_EVENT_TYPES = [
  "document.authorized",
  "document.rejected",
  "document.cancelled",
  "document.denied",
  "document.inutilized",
  "document.contingency",
  "document.contingency_deadline",
  "received_document.created",
  "received_document.updated",
  // A tax-reform event registered on an issued NF-e (docs/api-notes/reform-events.md).
  "document.event_registered",
  "company.certificate_expiring",
  "company.certificate_expired",
  // A document issued elsewhere and imported (docs/api-notes/import.md).
  "document.imported",
  // Confirmed gaps of an earlier month still to inutilize, from the 5th (docs/api-notes/inutilizations.md).
  "numbering.gaps_pending",
  // A range inutilized (by hand or by the automatic setting), as issue 56 names it; opt-in, beside the spec's
  // document.inutilized (payload InutilizationRegisteredEventData below, docs/api-notes/inutilizations.md).
  "inutilization.registered",
  "transport_manifest.authorized",
  "transport_manifest.rejected",
  "transport_manifest.closed",
  "transport_manifest.cancelled",
  "transport_manifest.driver_added",
  "transport_manifest.documents_added",
  // The payment of the transport operation registered (110116), and a manifest issued offline at 75 % of its 168 h (docs/api-notes/mdfe.md).
  "transport_manifest.payment_added",
  "transport_manifest.contingency_deadline",
  // The company's authorizer down / back (issue 58; payload lib/status/schemas.ts AuthorityOutageEventData, docs/api-notes/status.md).
  "authority.outage_started",
  "authority.outage_ended",
  "webhook.ping",
  "webhook.test",
] as const;
const Environment = z.enum(["PRODUCTION", "HOMOLOGATION"]);
const DocumentType = z.enum(["NFE", "NFCE", "NFSE"]);

/**
 * The data of inutilization.registered (lib/events/record-outcome.ts recordInutilizationRegistered):
 * the authorized range, who asked (MANUAL: POST /v1/fiscal-inutilizations or the dashboard;
 * AUTOMATIC: the series' autoInutilize setting) and the refused documents it closed as INUTILIZED.
 * Only endpoints whose events filter lists INUTILIZATION_REGISTERED receive it.
 */
export const InutilizationRegisteredEventData = z.object({
  inutilizationId: z.string(),
  model: z.enum(["55", "65"]),
  series: z.number().int(),
  startNumber: z.number().int(),
  endNumber: z.number().int(),
  /** inutNFe's ano: two digits. */
  year: z.string().regex(/^\d{2}$/),
  /** null when the authority answered 563 (the range was voided already) to a re-sent request. */
  protocol: z.string().nullable(),
  inutilizationDate: z.string().nullable(),
  origin: z.enum(["MANUAL", "AUTOMATIC"]),
  environment: Environment,
  inutilizedDocumentIds: z.array(z.string()),
});
export type InutilizationRegisteredEventData = z.infer<typeof InutilizationRegisteredEventData>;
const DeliveryStatus = z.enum(["PENDING", "SUCCEEDED", "FAILED"]);
const Trigger = z.enum(["AUTOMATIC", "MANUAL", "BACKFILL", "REDISPATCH", "TEST"]);

// Format only (https, or http for WEBHOOK_ALLOWED_HOSTS, is checked by the domain: 400 validation_error;
// a non-public host: 422 invalid_webhook_url).
const WebhookUrl = z.string().trim().min(1).max(2_048).url({ message: "must be an absolute URL" });

const Filters = {
  description: z.string().trim().max(500).nullable().optional(),
  events: z.array(z.enum(WEBHOOK_EVENT_FILTERS)).max(WEBHOOK_EVENT_FILTERS.length).optional(),
  environments: z.array(Environment).max(2).optional(),
  documentTypes: z.array(DocumentType).max(3).optional(),
};

export const CreateWebhookEndpointInput = z.object({ url: WebhookUrl, ...Filters }).strict();
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointInput>;

export const UpdateWebhookEndpointInput = z.object({ url: WebhookUrl.optional(), ...Filters, isActive: z.boolean().optional() }).strict();
export type UpdateWebhookEndpointInput = z.infer<typeof UpdateWebhookEndpointInput>;

export const WebhookEndpointResponse = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_FILTERS)),
  environments: z.array(Environment),
  documentTypes: z.array(DocumentType),
  isActive: z.boolean(),
  consecutiveFailures: z.number().int(),
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponse>;
export const WebhookEndpointWithSecret = WebhookEndpointResponse.extend({ secret: z.string() });

export const WebhookEndpointIdParams = z.object({ id: z.string().min(1).max(64) });
export const WebhookDeliveryParams = z.object({ id: z.string().min(1).max(64), deliveryId: z.string().min(1).max(64) });
export const BackfillRunParams = z.object({ runId: z.string().min(1).max(64) });

export const ListWebhookEndpointsQuery = PaginationQuery;
export const WebhookEndpointPage = pageSchema(WebhookEndpointResponse);

const IsoDateTime = z.string().datetime({ offset: true });

export const ListEndpointDeliveriesQuery = PaginationQuery.extend({
  status: DeliveryStatus.optional(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES).optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
});
export type ListEndpointDeliveriesQuery = z.infer<typeof ListEndpointDeliveriesQuery>;

export const AttemptLogEntry = z.object({
  attempt: z.number().int(),
  signedAt: z.number().int(),
  signature: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  errorMessage: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
  trigger: Trigger,
});

export const WebhookDeliveryResponse = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  documentId: z.string().nullable(),
  status: DeliveryStatus,
  attempts: z.number().int(),
  payload: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  errorMessage: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  attemptLog: z.array(AttemptLogEntry),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;
export const WebhookDeliveryPage = pageSchema(WebhookDeliveryResponse);

export const TestWebhookResponse = WebhookDeliveryResponse;

export const RedispatchResponse = z.object({ dispatched: z.number().int() });

export const BackfillInput = z
  .object({
    from: IsoDateTime,
    to: IsoDateTime,
    types: z.array(DocumentType).max(3).optional(),
    onlyMissing: z.boolean().default(true),
    environment: Environment.optional(),
    dryRun: z.boolean().default(false),
  })
  .strict()
  .refine((input) => new Date(input.to) >= new Date(input.from), { path: ["to"], message: "must not be before from" });
export type BackfillInput = z.infer<typeof BackfillInput>;

export const BackfillResponse = z.union([
  z.object({ dryRun: z.literal(true), matched: z.number().int(), truncated: z.boolean() }),
  z.object({ runId: z.string(), matched: z.number().int(), truncated: z.boolean() }),
]);

export const BackfillRunResponse = z.object({
  runId: z.string(),
  status: z.enum(["QUEUED", "RUNNING", "SUCCEEDED", "FAILED"]),
  matched: z.number().int(),
  dispatched: z.number().int(),
  deliveries: z.number().int(),
  truncated: z.boolean(),
  criteria: z.object({ from: z.string(), to: z.string(), types: z.array(DocumentType), onlyMissing: z.boolean(), environment: Environment.nullable() }),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BackfillRunResponse = z.infer<typeof BackfillRunResponse>;
