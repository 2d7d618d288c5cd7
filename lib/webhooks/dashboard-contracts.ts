import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { PaginationQuery, pageSchema } from "@/lib/contracts/pagination";
import {
  createWebhookEndpointContract,
  deleteWebhookEndpointContract,
  getBackfillContract,
  getWebhookEndpointContract,
  listWebhookDeliveriesContract,
  listWebhookEndpointsContract,
  redeliverWebhookContract,
  redispatchDocumentWebhookContract,
  rotateWebhookSecretContract,
  startBackfillContract,
  testWebhookEndpointContract,
  updateWebhookEndpointContract,
} from "./contracts";
import { BackfillRunResponse, ListEndpointDeliveriesQuery, WebhookDeliveryResponse, WebhookEndpointResponse } from "./schemas";

// Internal dashboard routes (handleSession) for the support screens (issue 13
// items 1–4): the /v1 contracts where they fit, plus the cross-endpoint
// delivery search, a delivery with its headers, a document's deliveries and
// the backfill history, which /v1 does not have.

const base = "/api/dashboard/companies/{companyId}/webhooks";
const tag = "Dashboard: webhooks";

export const EndpointWithLastDelivery = WebhookEndpointResponse.extend({
  lastDelivery: z.object({ status: z.enum(["PENDING", "SUCCEEDED", "FAILED"]), responseStatus: z.number().int().nullable(), at: z.string() }).nullable(),
});
export type EndpointWithLastDelivery = z.infer<typeof EndpointWithLastDelivery>;

export const dashboardListEndpointsContract = { ...asDashboardContract(listWebhookEndpointsContract), response: pageSchema(EndpointWithLastDelivery) };
export const dashboardCreateEndpointContract = asDashboardContract(createWebhookEndpointContract);
export const dashboardGetEndpointContract = asDashboardContract(getWebhookEndpointContract);
export const dashboardUpdateEndpointContract = asDashboardContract(updateWebhookEndpointContract);
export const dashboardDeleteEndpointContract = asDashboardContract(deleteWebhookEndpointContract);
export const dashboardRotateSecretContract = asDashboardContract(rotateWebhookSecretContract);
export const dashboardTestEndpointContract = asDashboardContract(testWebhookEndpointContract);
export const dashboardEndpointDeliveriesContract = asDashboardContract(listWebhookDeliveriesContract);
export const dashboardRedeliverContract = asDashboardContract(redeliverWebhookContract);
export const dashboardStartBackfillContract = asDashboardContract(startBackfillContract);
export const dashboardGetBackfillContract = asDashboardContract(getBackfillContract);

export const SearchDeliveriesQuery = ListEndpointDeliveriesQuery.extend({
  endpointId: z.string().min(1).max(64).optional(),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]).optional(),
  documentType: z.enum(["NFE", "NFCE", "NFSE"]).optional(),
  /** An event id (evt_…), delivery id, document id or 44-digit access key. */
  search: z.string().trim().max(80).optional(),
});
export type SearchDeliveriesQuery = z.input<typeof SearchDeliveriesQuery>;

const DeliveryWithHeaders = WebhookDeliveryResponse.extend({
  attemptLog: z.array(WebhookDeliveryResponse.shape.attemptLog.element.extend({ requestHeaders: z.record(z.string(), z.string()).optional() })),
});
export type DeliveryWithHeaders = z.infer<typeof DeliveryWithHeaders>;

export const dashboardSearchDeliveriesContract = defineContract({
  method: "GET", path: `${base}/deliveries`, summary: "Every delivery of the company, newest first, with filters and search", tag, scope: null,
  query: SearchDeliveriesQuery, response: pageSchema(WebhookDeliveryResponse),
});

export const dashboardGetDeliveryContract = defineContract({
  method: "GET", path: `${base}/deliveries/{deliveryId}`, summary: "One delivery with its attempts and the headers each attempt sent (never the secret)", tag, scope: null,
  params: z.object({ deliveryId: z.string().min(1).max(64) }), response: DeliveryWithHeaders, errorStatuses: [404],
});

export const BackfillRunWithActor = BackfillRunResponse.extend({
  actor: z.union([z.object({ kind: z.literal("apiKey"), id: z.string() }), z.object({ kind: z.literal("user"), id: z.string(), email: z.string() })]).nullable(),
});
export type BackfillRunWithActor = z.infer<typeof BackfillRunWithActor>;

export const dashboardListBackfillsContract = defineContract({
  method: "GET", path: `${base}/backfill`, summary: "The company's backfill runs, newest first, with who started each", tag, scope: null,
  query: PaginationQuery, response: pageSchema(BackfillRunWithActor),
});

const documentParams = z.object({ documentId: z.string().min(1).max(64) });
const documentBase = "/api/dashboard/companies/{companyId}/documents/{documentId}";

export const dashboardDocumentDeliveriesContract = defineContract({
  method: "GET", path: `${documentBase}/webhook-deliveries`, summary: "A document's webhook deliveries across endpoints, newest first", tag, scope: null,
  params: documentParams, response: z.object({ data: z.array(WebhookDeliveryResponse) }), errorStatuses: [404],
});

export const dashboardRedispatchContract = { ...asDashboardContract(redispatchDocumentWebhookContract), path: `${documentBase}/webhook`, params: documentParams };

export const WebhookHealth = z.object({
  /** Every endpoint of the company, so "all healthy" is never said of none. */
  endpointCount: z.number().int(),
  endpoints: z.array(
    z.object({
      id: z.string(), url: z.string(), isActive: z.boolean(), disabledReason: z.string().nullable(), disabledAt: z.string().nullable(), consecutiveFailures: z.number().int(),
      /** Deliveries still being retried after failed attempts, and the most attempts among them. */
      retryingDeliveries: z.number().int(), retryingAttempts: z.number().int(),
    }),
  ),
  last7Days: z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ date: z.string(), succeeded: z.number().int(), failed: z.number().int(), pending: z.number().int(), successRate: z.number().nullable() })),
    succeeded: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    successRate: z.number().nullable(),
  }),
});
export type WebhookHealth = z.infer<typeof WebhookHealth>;

export const dashboardWebhookHealthContract = defineContract({
  method: "GET", path: "/api/dashboard/companies/{companyId}/overview/webhooks", summary: "Endpoints disabled or failing and the delivery success rate of the last 7 days", tag, scope: null,
  response: WebhookHealth,
});
