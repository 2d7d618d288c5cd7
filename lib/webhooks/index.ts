// Outbound webhooks (api.md, Events; issue 12; docs/api-notes/webhooks.md).
// Every function takes the company explicitly and never reads or changes
// another company's rows (another company's id is 404 not_found).
//
// Endpoints
//   createWebhookEndpoint({ companyId, url, description?, events?, environments?, documentTypes? })
//       → endpoint + secret (once); pings first (422 webhook_unreachable, nothing saved)
//   listWebhookEndpoints({ companyId, page, pageSize }) · getWebhookEndpoint({ companyId, endpointId })
//   updateWebhookEndpoint({ companyId, endpointId, ...fields, isActive? })   ping on reactivation / URL change
//   reactivateWebhookEndpoint({ companyId, endpointId })   = update with isActive true
//   deleteWebhookEndpoint · rotateWebhookSecret (→ endpoint + new secret)
//   sendTestWebhook({ companyId, endpointId }) → the webhook.test delivery after its one attempt
// Deliveries (API shape: payload, attemptLog with trigger per attempt, nextAttemptAt while PENDING)
//   searchWebhookDeliveries({ companyId, page, pageSize, status?, eventType?, endpointId?, environment?,
//       documentType?, from?, to?, search? })   search = evt_ id, delivery id, document id or access key; newest first
//   listEndpointDeliveries({ companyId, endpointId, page, pageSize, status?, eventType?, from?, to? })
//   getWebhookDelivery({ companyId, deliveryId, endpointId?, withHeaders? })   withHeaders: each attempt's request headers
//   listDocumentDeliveries({ companyId, documentId })
//   redeliverWebhookDelivery({ companyId, endpointId, deliveryId }) → the delivery after its manual attempt
//   redispatchDocumentWebhook({ companyId, documentId }) → { dispatched }   60/min per company
//   redispatchReceivedDocumentWebhook({ companyId, receivedDocumentId }) → { dispatched }   the same limit
// Backfill
//   startWebhookBackfill({ companyId, actor, from, to, types?, onlyMissing?, environment?, dryRun? })
//       actor: { kind: "apiKey", id } | { kind: "user", id, email }; 5 calls/min per company
//   getWebhookBackfill({ companyId, runId }) · listWebhookBackfills({ companyId, page, pageSize })
// Background (inngest/functions): runDeliveryRun (deliverDueForEndpoint, scheduleNextRun), rescheduleAfterFailedRun,
//   backfillNextBatch, finishBackfill. Delivery runs are queued by the database; with the Inngest driver
//   the relay (lib/jobs/forward-queued-runs.ts, started by instrumentation.ts) sends their events.

export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  reactivateWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "./endpoints";
export { getWebhookDelivery, listDocumentDeliveries, listEndpointDeliveries, searchWebhookDeliveries, type DeliverySearch } from "./deliveries";
export { redeliverWebhookDelivery, sendTestWebhook } from "./manual-attempts";
export { redispatchDocumentWebhook, redispatchReceivedDocumentWebhook } from "./redispatch";
export { backfillNextBatch, finishBackfill, getWebhookBackfill, listWebhookBackfills, startWebhookBackfill, type BackfillActor } from "./backfill";
export { deliverDueForEndpoint, rescheduleAfterFailedRun, runDeliveryRun, scheduleNextRun } from "./deliver-due";
