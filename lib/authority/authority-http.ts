import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { TLSSocket } from "node:tls";
import { authorityTrustStore } from "./trust-store";
import { chainProblem, watchTlsSession, type TlsSession } from "./tls-session";
import type { ClientCertificate } from "./types";

// The exchange both authority transports share (SEFAZ SOAP, Sefin Nacional
// REST): HTTPS with the company's A1 as the TLS client certificate (MOC 4.0
// item 3.1, MAN-INT §6.1.3: mutual authentication), or plain HTTP to the
// built-in simulator on loopback; one deadline for the whole exchange. Each
// transport frames its own body and reads its own answer.

export type AuthorityHttpRequest = {
  url: string;
  method: "GET" | "POST" | "HEAD";
  headers: http.OutgoingHttpHeaders;
  body?: Buffer;
  certificate?: ClientCertificate;
  timeoutMs: number;
  /** A CA trusted for this call on top of the authority trust store (trust-store.ts), e.g. a test server's. */
  trustedCaPem?: string;
};

/** Any HTTP status is an answer (`ok: true`); only the network's conditions are `ok: false`. */
export type AuthorityHttpResponse = { ok: true; status: number; text: string } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

// One keep-alive agent per client certificate (and extra roots): TLS
// handshakes with mutual authentication are the slow part of every call.
const httpsAgents = new Map<string, https.Agent>();
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function httpsAgentFor(certificate: ClientCertificate, trustedCaPem?: string): https.Agent {
  const store = authorityTrustStore();
  const id = createHash("sha256").update(certificate.certificatePem).update(store.id).update(trustedCaPem ?? "").digest("hex");
  let agent = httpsAgents.get(id);
  if (!agent) {
    const ca = trustedCaPem ? [...store.caPems, trustedCaPem] : store.caPems;
    agent = new https.Agent({ keepAlive: true, maxSockets: 8, key: certificate.privateKeyPem, cert: certificate.certificatePem, ca, minVersion: "TLSv1.2" });
    httpsAgents.set(id, agent);
  }
  return agent;
}

/** One request; never throws for network conditions (they become `ok: false`). */
export function authorityHttpRequest(call: AuthorityHttpRequest): Promise<AuthorityHttpResponse> {
  const url = new URL(call.url);
  const secure = url.protocol === "https:";
  if (!secure && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) {
    // Plain HTTP only reaches the simulator; a real authority always needs TLS with the A1.
    return Promise.resolve({ ok: false, reason: `Refusing a non-TLS authority URL outside loopback: ${url.origin}` });
  }
  if (secure && !call.certificate?.certificatePem) return Promise.resolve({ ok: false, reason: "A client certificate is required for HTTPS" });
  const headers = call.body ? { ...call.headers, "Content-Length": call.body.length } : call.headers;
  let agent: http.Agent;
  try {
    agent = secure ? httpsAgentFor(call.certificate!, call.trustedCaPem) : httpAgent;
  } catch (error) {
    // An unreadable AUTHORITY_EXTRA_CA_FILE: said on every call until fixed, never a call without it.
    return Promise.resolve({ ok: false, reason: (error as Error).message });
  }
  const options: http.RequestOptions = { method: call.method, headers, agent };

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AuthorityHttpResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = (secure ? https : http).request(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error) => finish({ ok: false, reason: `Response error: ${error.message}` }));
      response.on("end", () => finish({ ok: true, status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    // One deadline for the whole exchange (connect, TLS, send, wait, read).
    const timer = setTimeout(() => {
      finish({ ok: false, reason: `No answer within ${call.timeoutMs} ms` });
      request.destroy(new Error("timeout"));
    }, call.timeoutMs);
    let tlsSession: () => TlsSession | undefined = () => undefined;
    request.on("socket", (socket) => {
      if (secure && (socket as TLSSocket).connecting) tlsSession = watchTlsSession(socket as TLSSocket);
    });
    request.on("error", (error: NodeJS.ErrnoException) => finish({ ok: false, reason: describeNetworkError(error, tlsSession()) }));
    request.end(call.body);
  });
}

export function describeNetworkError(error: NodeJS.ErrnoException, session?: TlsSession): string {
  const code = error.code ?? "";
  const problem = chainProblem(code, session);
  if (problem) return `TLS failure (${code}): ${problem}`;
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|EPROTO)/.test(code)) return `TLS failure (${code}): ${error.message}`;
  return `Network error${code ? ` (${code})` : ""}: ${error.message}`;
}
