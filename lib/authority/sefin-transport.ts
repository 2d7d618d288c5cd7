import { authorityHttpRequest } from "./authority-http";
import type { ClientCertificate } from "./types";

// JSON over the shared authority exchange (mutual TLS with the A1, MAN-INT
// §6.1.3, or the simulator on loopback). Every answer comes back with its
// status: Sefin's refusals are 4xx with a JSON body, which the client classifies.

export type SefinRequest = {
  url: string;
  method: "GET" | "POST" | "HEAD";
  body?: unknown;
  certificate: ClientCertificate;
  timeoutMs: number;
  /** A CA to trust for the server besides the system's (the simulator's mutual-TLS listener in tests). */
  serverCa?: string;
};
export type SefinResponse = { ok: true; status: number; body: unknown } | { ok: false; reason: string };

/** One request; never throws for network conditions (they become `ok: false`). */
export async function sefinRequest(call: SefinRequest): Promise<SefinResponse> {
  const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body), "utf8");
  const response = await authorityHttpRequest({
    url: call.url,
    method: call.method,
    headers: { Accept: "application/json", ...(payload ? { "Content-Type": "application/json" } : {}) },
    body: payload,
    certificate: call.certificate,
    timeoutMs: call.timeoutMs,
    trustedCaPem: call.serverCa,
  });
  if (!response.ok) return response;
  return { ok: true, status: response.status, body: parseJsonOrText(response.text) };
}

/** A body that is not JSON (a proxy's HTML page) stays text for the error message. */
function parseJsonOrText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
