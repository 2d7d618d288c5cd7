// Verifying a webhook delivery (API spec, Events → Signature): X-Webhook-Signature is
// "t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>".
// Verify over the raw body before parsing it; compare in constant time; refuse old
// timestamps (a replayed delivery); deduplicate by the envelope id.
import { createHmac, timingSafeEqual } from "node:crypto";

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** The body of every delivery. */
export type WebhookEnvelope<D = Record<string, unknown>> = { id: string; type: string; createdAt: string; data: D };

export type VerifyOptions = {
  /** The raw request body, exactly as received (string or bytes). */
  payload: string | Uint8Array;
  /** The X-Webhook-Signature header (or the legacy X-Service-Signature). */
  signatureHeader: string | null | undefined;
  /** The endpoint's secret (whsec_…), from create or rotate-secret. */
  secret: string;
  /** Largest accepted age of the signature, in seconds (default 300); 0 turns the check off. */
  toleranceSeconds?: number;
  /** Unix seconds taken as now (tests). */
  now?: number;
};

/** Throws WebhookSignatureError unless the header signs this payload with this secret, recently enough. */
export function verifyWebhookSignature(options: VerifyOptions): void {
  const header = options.signatureHeader ?? "";
  const parts = header.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]);
  const timestamp = parts.find(([key]) => key === "t")?.[1];
  const signatures = parts.filter(([key, value]) => key === "v1" && value).map(([, value]) => value!);
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) throw new WebhookSignatureError("malformed signature header");
  const payload = typeof options.payload === "string" ? Buffer.from(options.payload, "utf8") : Buffer.from(options.payload);
  const expected = createHmac("sha256", options.secret).update(`${timestamp}.`).update(payload).digest();
  const matches = signatures.some((hex) => {
    if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, "hex"), expected);
  });
  if (!matches) throw new WebhookSignatureError("signature does not match");
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (tolerance > 0 && Math.abs(now - Number(timestamp)) > tolerance) throw new WebhookSignatureError("signature timestamp outside the tolerance");
}

/** Verifies, then parses the envelope. */
export function constructWebhookEvent<D = Record<string, unknown>>(options: VerifyOptions): WebhookEnvelope<D> {
  verifyWebhookSignature(options);
  const text = typeof options.payload === "string" ? options.payload : Buffer.from(options.payload).toString("utf8");
  return JSON.parse(text) as WebhookEnvelope<D>;
}
