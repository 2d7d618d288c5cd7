import { createHmac, randomBytes } from "node:crypto";
import { LEGACY_HEADERS_UNTIL } from "./config";

// api.md, Events → Signature: hex HMAC-SHA256 of "<t>.<raw body>" with the
// endpoint secret; header X-Webhook-Signature "t=<unix seconds>,v1=<hex>".

// No address beside the name: the product has no public page to point a receiver to.
export const USER_AGENT = "FiscalIssuer-Webhooks/1.0";

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signPayload(secret: string, signedAt: number, payload: string): string {
  return createHmac("sha256", secret).update(`${signedAt}.${payload}`).digest("hex");
}

export type SignedHeaders = { headers: Record<string, string>; signedAt: number; signature: string };

/** The request headers of one attempt, signed at `at` (each attempt has its own t and signature; the body never changes). */
export function signedHeaders(input: { secret: string; payload: string; eventType: string; deliveryId: string; at: Date }): SignedHeaders {
  const signedAt = Math.floor(input.at.getTime() / 1000);
  const signature = signPayload(input.secret, signedAt, input.payload);
  return { headers: attemptHeaders({ eventType: input.eventType, deliveryId: input.deliveryId, signedAt, signature }), signedAt, signature };
}

/**
 * The headers an attempt sent, from what its log entry keeps (the support
 * screens show them; storing them per attempt would only repeat these values).
 */
export function attemptHeaders(input: { eventType: string; deliveryId: string; signedAt: number; signature: string }): Record<string, string> {
  const signatureHeader = `t=${input.signedAt},v1=${input.signature}`;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "x-webhook-event": input.eventType,
    "x-webhook-delivery": input.deliveryId,
    "x-webhook-signature": signatureHeader,
  };
  if (input.signedAt * 1000 < LEGACY_HEADERS_UNTIL.getTime()) {
    headers["x-service-event"] = input.eventType;
    headers["x-service-delivery"] = input.deliveryId;
    headers["x-service-signature"] = signatureHeader;
  }
  return headers;
}
