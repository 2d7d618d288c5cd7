import { randomUUID } from "node:crypto";
import { unprocessable } from "@/lib/errors";
import { webhookNow } from "./clock";
import { postWebhook } from "./http-sender";
import { signedHeaders } from "./signature";

// webhook.ping (api.md, Events): sent before an endpoint is saved, reactivated
// or moved to a new URL; signed like any delivery. Not stored as a delivery
// (nothing is saved when it fails).

export const PING_MESSAGE = "Verification ping: answer 2xx within 10 s to confirm this webhook endpoint";

export async function assertEndpointAnswers(url: string, secret: string): Promise<void> {
  const at = webhookNow();
  const id = randomUUID();
  const payload = JSON.stringify({ id: `evt_${id}`, type: "webhook.ping", createdAt: at.toISOString(), data: { message: PING_MESSAGE } });
  const { headers } = signedHeaders({ secret, payload, eventType: "webhook.ping", deliveryId: `ping_${id}`, at });
  const result = await postWebhook(url, payload, headers);
  if (!result.ok) {
    throw unprocessable("webhook_unreachable", `The verification ping was not answered 2xx within 10 s: ${result.errorMessage ?? "no answer"}`);
  }
}
