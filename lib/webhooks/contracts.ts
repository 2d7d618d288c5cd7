import { defineContract } from "@/lib/contracts/contract";
import {
  BackfillInput,
  BackfillResponse,
  BackfillRunParams,
  BackfillRunResponse,
  CreateWebhookEndpointInput,
  ListEndpointDeliveriesQuery,
  ListWebhookEndpointsQuery,
  RedispatchResponse,
  TestWebhookResponse,
  UpdateWebhookEndpointInput,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookDeliveryResponse,
  WebhookEndpointIdParams,
  WebhookEndpointPage,
  WebhookEndpointResponse,
  WebhookEndpointWithSecret,
} from "./schemas";
import { z } from "zod";

const tag = "Webhooks";

export const createWebhookEndpointContract = defineContract({
  method: "POST", path: "/v1/webhooks", summary: "Register a webhook endpoint (verification ping first)", tag, scope: "webhooks:write",
  description: "The URL must be https to a public host (400 validation_error; 422 invalid_webhook_url for a non-public address). A signed webhook.ping must be answered 2xx within 10 s, else 422 webhook_unreachable and nothing is saved. A company may have 20 endpoints (operator setting); above that 422 webhook_endpoint_limit. The secret is returned only here and by rotate-secret.",
  body: CreateWebhookEndpointInput, response: WebhookEndpointWithSecret, successStatus: 201, errorStatuses: [400, 422],
});
export const listWebhookEndpointsContract = defineContract({
  method: "GET", path: "/v1/webhooks", summary: "List webhook endpoints", tag, scope: "webhooks:read",
  query: ListWebhookEndpointsQuery, response: WebhookEndpointPage,
});
export const getWebhookEndpointContract = defineContract({
  method: "GET", path: "/v1/webhooks/{id}", summary: "Webhook endpoint", tag, scope: "webhooks:read",
  params: WebhookEndpointIdParams, response: WebhookEndpointResponse, errorStatuses: [404],
});
export const updateWebhookEndpointContract = defineContract({
  method: "PATCH", path: "/v1/webhooks/{id}", summary: "Update a webhook endpoint (ping on reactivation or URL change)", tag, scope: "webhooks:write",
  params: WebhookEndpointIdParams, body: UpdateWebhookEndpointInput, response: WebhookEndpointResponse, errorStatuses: [400, 404, 422],
});
export const deleteWebhookEndpointContract = defineContract({
  method: "DELETE", path: "/v1/webhooks/{id}", summary: "Remove a webhook endpoint and its deliveries", tag, scope: "webhooks:write",
  params: WebhookEndpointIdParams, successStatus: 204, errorStatuses: [404],
});
export const rotateWebhookSecretContract = defineContract({
  method: "POST", path: "/v1/webhooks/{id}/rotate-secret", summary: "New signing secret (the old one stops at once)", tag, scope: "webhooks:write",
  params: WebhookEndpointIdParams, response: WebhookEndpointWithSecret, errorStatuses: [404],
});
export const testWebhookEndpointContract = defineContract({
  method: "POST", path: "/v1/webhooks/{id}/test", summary: "Send webhook.test and answer with the delivery after its attempt", tag, scope: "webhooks:write",
  params: WebhookEndpointIdParams, response: TestWebhookResponse, errorStatuses: [404],
});
export const listWebhookDeliveriesContract = defineContract({
  method: "GET", path: "/v1/webhooks/{id}/deliveries", summary: "Deliveries of an endpoint, newest first", tag, scope: "webhooks:read",
  params: WebhookEndpointIdParams, query: ListEndpointDeliveriesQuery, response: WebhookDeliveryPage, errorStatuses: [404],
});
export const getWebhookDeliveryContract = defineContract({
  method: "GET", path: "/v1/webhooks/{id}/deliveries/{deliveryId}", summary: "One delivery with its attempt log", tag, scope: "webhooks:read",
  params: WebhookDeliveryParams, response: WebhookDeliveryResponse, errorStatuses: [404],
});
export const redeliverWebhookContract = defineContract({
  method: "POST", path: "/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver", summary: "Resend the same body now (a new, manual attempt)", tag, scope: "webhooks:write",
  description: "Answers the delivery after the attempt. 422 webhook_endpoint_inactive when the endpoint is inactive; 409 conflict while the delivery is being attempted.",
  params: WebhookDeliveryParams, response: WebhookDeliveryResponse, errorStatuses: [404, 409, 422],
});
export const startBackfillContract = defineContract({
  method: "POST", path: "/v1/webhooks/backfill", summary: "Dispatch the current event of documents issued in a range", tag, scope: "webhooks:write",
  description: "dryRun: 200 { dryRun: true, matched, truncated }; otherwise 202 { runId, matched, truncated }. At most 5,000 documents per run (truncated true when more match); 5 calls per minute per company (429).",
  body: BackfillInput, response: BackfillResponse, successStatus: 202, errorStatuses: [400, 422, 429],
});
export const getBackfillContract = defineContract({
  method: "GET", path: "/v1/webhooks/backfill/{runId}", summary: "Progress of a backfill run", tag, scope: "webhooks:read",
  params: BackfillRunParams, response: BackfillRunResponse, errorStatuses: [404],
});
export const redispatchDocumentWebhookContract = defineContract({
  method: "POST", path: "/v1/fiscal-documents/{id}/webhook", summary: "Send the document's current event again (new event id)", tag, scope: "webhooks:write",
  params: z.object({ id: z.string().min(1).max(64) }), response: RedispatchResponse, successStatus: 202, errorStatuses: [404, 422, 429],
});
export const redispatchReceivedDocumentWebhookContract = defineContract({
  method: "POST", path: "/v1/received-documents/{id}/webhook", summary: "Send received_document.created again for a received NF-e, as it is now (new event id)", tag, scope: "webhooks:write",
  description: "Our extension. The same limit (60 per minute per company, shared with the fiscal documents' re-dispatch) and the same 422 no_active_webhook_endpoint when no active endpoint is subscribed to received_document.created.",
  params: z.object({ id: z.string().min(1).max(64) }), response: RedispatchResponse, successStatus: 202, errorStatuses: [404, 422, 429],
});

export const webhookContracts = [
  listWebhookEndpointsContract, createWebhookEndpointContract, getWebhookEndpointContract, updateWebhookEndpointContract, deleteWebhookEndpointContract,
  rotateWebhookSecretContract, testWebhookEndpointContract, listWebhookDeliveriesContract, getWebhookDeliveryContract, redeliverWebhookContract,
  startBackfillContract, getBackfillContract, redispatchDocumentWebhookContract, redispatchReceivedDocumentWebhookContract,
];
