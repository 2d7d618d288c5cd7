import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { ClientCertificate } from "./types";

// JSON over HTTPS with the company's A1 as the TLS client certificate (MAN-INT
// §6.1.3: mutual authentication), or plain HTTP to the built-in simulator on
// loopback. Every answer comes back with its status: Sefin's refusals are 4xx
// with a JSON body, which the client classifies.

export type SefinRequest = {
  url: string;
  method: "GET" | "POST" | "HEAD";
  body?: unknown;
  certificate: ClientCertificate;
  timeoutMs: number;
  /** A CA to trust for the server instead of the system's (the simulator's mutual-TLS listener in tests). */
  serverCa?: string;
};
export type SefinResponse = { ok: true; status: number; body: unknown } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
const httpsAgents = new Map<string, https.Agent>();
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function httpsAgentFor(certificate: ClientCertificate, serverCa: string | undefined): https.Agent {
  const id = createHash("sha256").update(certificate.certificatePem).update(serverCa ?? "").digest("hex");
  let agent = httpsAgents.get(id);
  if (!agent) {
    agent = new https.Agent({ keepAlive: true, maxSockets: 8, key: certificate.privateKeyPem, cert: certificate.certificatePem, minVersion: "TLSv1.2", ...(serverCa ? { ca: serverCa } : {}) });
    httpsAgents.set(id, agent);
  }
  return agent;
}

/** One request; never throws for network conditions (they become `ok: false`). */
export function sefinRequest(call: SefinRequest): Promise<SefinResponse> {
  const url = new URL(call.url);
  const secure = url.protocol === "https:";
  if (!secure && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) {
    return Promise.resolve({ ok: false, reason: `Refusing a non-TLS authority URL outside loopback: ${url.origin}` });
  }
  const payload = call.body === undefined ? null : Buffer.from(JSON.stringify(call.body), "utf8");
  const options: http.RequestOptions = {
    method: call.method,
    headers: { Accept: "application/json", ...(payload ? { "Content-Type": "application/json", "Content-Length": payload.length } : {}) },
    agent: secure ? httpsAgentFor(call.certificate, call.serverCa) : httpAgent,
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SefinResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = (secure ? https : http).request(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error) => finish({ ok: false, reason: `Response error: ${error.message}` }));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
        finish({ ok: true, status: response.statusCode ?? 0, body });
      });
    });
    const timer = setTimeout(() => {
      finish({ ok: false, reason: `No answer within ${call.timeoutMs} ms` });
      request.destroy(new Error("timeout"));
    }, call.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => finish({ ok: false, reason: `Network error${error.code ? ` (${error.code})` : ""}: ${error.message}` }));
    request.end(payload ?? undefined);
  });
}
