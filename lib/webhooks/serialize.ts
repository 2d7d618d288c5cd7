import type { WebhookDelivery, WebhookEndpoint } from "@prisma/client";
import type { WebhookDeliveryResponse, WebhookEndpointResponse } from "./schemas";
import { attemptHeaders } from "./signature";

export function toEndpointResponse(endpoint: WebhookEndpoint): WebhookEndpointResponse {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events as WebhookEndpointResponse["events"],
    environments: endpoint.environments,
    documentTypes: endpoint.documentTypes,
    isActive: endpoint.isActive,
    consecutiveFailures: endpoint.consecutiveFailures,
    disabledReason: endpoint.disabledReason,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

type StoredAttempt = WebhookDeliveryResponse["attemptLog"][number];
export type DeliveryWithPayload = WebhookDelivery & { event: { payload: string } };

/** The API shape; `withHeaders` adds each attempt's request headers (support screens: signature shown, the secret never stored). */
export function toDeliveryResponse(delivery: DeliveryWithPayload, options: { withHeaders?: boolean } = {}) {
  const log = (delivery.attemptLog as StoredAttempt[]).map((entry): StoredAttempt & { requestHeaders?: Record<string, string> } =>
    options.withHeaders ? { ...entry, requestHeaders: attemptHeaders({ eventType: delivery.eventType, deliveryId: delivery.id, signedAt: entry.signedAt, signature: entry.signature }) } : entry,
  );
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: `evt_${delivery.eventId}`,
    eventType: delivery.eventType,
    documentId: delivery.documentId,
    status: delivery.status,
    attempts: delivery.attempts,
    payload: delivery.event.payload,
    responseStatus: delivery.responseStatus,
    responseBody: delivery.responseBody,
    errorMessage: delivery.errorMessage,
    nextAttemptAt: delivery.status === "PENDING" ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    attemptLog: log,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}
