import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { chainProblem, watchTlsSession, type TlsSession } from "./tls-session";
import { authorityTrustStore } from "./trust-store";
import type { ClientCertificate } from "./types";

// The exchange both authority transports share (SEFAZ SOAP, Sefin Nacional
// REST): HTTPS with the company's A1 (leaf and the intermediates its PFX
// carries) as the TLS client certificate (MOC 4.0 item 3.1, MAN-INT §6.1.3:
// mutual authentication), or plain HTTP to the built-in simulator on
// loopback. Each transport frames its own body and reads its own answer.
//
// Time limits, as the public clients use them:
// - connect: a TCP+TLS connection not made within connectTimeoutMs fails
//   (nothing was sent);
// - total: the whole exchange (connect, send, wait, read) within timeoutMs;
// - idle keep-alive sockets are closed after idleSocketMs, well before the
//   servers close them (IIS: 120 s; a server's `Keep-Alive: timeout=N` hint
//   shortens it further, Node applies N − 1 s), so a reused socket is not one
//   the server already dropped.

export type AuthorityHttpRequest = {
  url: string;
  method: "GET" | "POST" | "HEAD";
  headers: http.OutgoingHttpHeaders;
  body?: Buffer;
  certificate?: ClientCertificate;
  timeoutMs: number;
  /** Connection (TCP + TLS handshake) deadline; defaults to DEFAULT_CONNECT_TIMEOUT_MS, never above timeoutMs. */
  connectTimeoutMs?: number;
  /** How long an idle keep-alive socket is kept; defaults to DEFAULT_IDLE_SOCKET_MS. */
  idleSocketMs?: number;
  /** A CA trusted for this call on top of the authority trust store (trust-store.ts), e.g. a test server's. */
  trustedCaPem?: string;
};

/** Any HTTP status is an answer (`ok: true`); only the network's conditions are `ok: false`. */
export type AuthorityHttpResponse = { ok: true; status: number; text: string } | { ok: false; reason: string };

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** A quarter of IIS's default 120 s connection timeout (and below nginx's 75 s): the server never drops a socket we still plan to reuse. */
export const DEFAULT_IDLE_SOCKET_MS = 30_000;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

// One keep-alive agent per client certificate, extra roots and idle time: TLS
// handshakes with mutual authentication are the slow part of every call.
const agents = new Map<string, http.Agent>();

function agentFor(secure: boolean, idleSocketMs: number, certificate?: ClientCertificate, trustedCaPem?: string): http.Agent {
  // Node's roots, the shipped ICP-Brasil store and AUTHORITY_EXTRA_CA_FILE (throws when that file is unreadable).
  const store = secure ? authorityTrustStore() : null;
  const id = createHash("sha256")
    .update(`${secure}|${idleSocketMs}|`)
    .update(secure ? `${certificate!.certificatePem}|${certificate!.chainPem ?? ""}|${store!.id}|${trustedCaPem ?? ""}` : "")
    .digest("hex");
  let agent = agents.get(id);
  if (!agent) {
    // `timeout` on a keep-alive agent destroys a free socket idle that long.
    const common = { keepAlive: true, timeout: idleSocketMs };
    if (secure) {
      const ca = trustedCaPem ? [...store!.caPems, trustedCaPem] : store!.caPems;
      // The leaf followed by its intermediates: Node sends the whole PEM chain in the Certificate message.
      const cert = certificate!.chainPem ? `${certificate!.certificatePem.trim()}\n${certificate!.chainPem.trim()}\n` : certificate!.certificatePem;
      agent = new https.Agent({ ...common, maxSockets: 8, key: certificate!.privateKeyPem, cert, ca, minVersion: "TLSv1.2" });
    } else {
      agent = new http.Agent({ ...common, maxSockets: 16 });
    }
    agents.set(id, agent);
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
    agent = agentFor(secure, call.idleSocketMs ?? DEFAULT_IDLE_SOCKET_MS, call.certificate, call.trustedCaPem);
  } catch (error) {
    // An unreadable AUTHORITY_EXTRA_CA_FILE: said on every call until fixed, never a call without it.
    return Promise.resolve({ ok: false, reason: (error as Error).message });
  }
  const connectTimeoutMs = Math.min(call.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, call.timeoutMs);

  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const finish = (outcome: AuthorityHttpResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(connectTimer);
      resolve(outcome);
    };
    const request = (secure ? https : http).request(url, { method: call.method, headers, agent }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error) => finish({ ok: false, reason: `Response error: ${error.message}` }));
      response.on("end", () => finish({ ok: true, status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    let tlsSession: () => TlsSession | undefined = () => undefined;
    request.on("socket", (socket: Socket) => {
      // A new TLS socket is watched for the server's chain, to name an untrusted issuer.
      if (secure && socket.connecting) tlsSession = watchTlsSession(socket as TLSSocket);
      // A reused keep-alive socket is connected; a new one counts until TCP (and TLS) is up.
      if (request.reusedSocket || (!secure && !socket.connecting)) return;
      connectTimer = setTimeout(() => {
        finish({ ok: false, reason: `No connection within ${connectTimeoutMs} ms (nothing was sent)` });
        request.destroy(new Error("connect timeout"));
      }, connectTimeoutMs);
      socket.once(secure ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
    });
    // One deadline for the whole exchange (connect, TLS, send, wait, read).
    const timer = setTimeout(() => {
      finish({ ok: false, reason: `No answer within ${call.timeoutMs} ms` });
      request.destroy(new Error("timeout"));
    }, call.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => finish({ ok: false, reason: describeNetworkError(error, { reusedSocket: request.reusedSocket, answered, session: tlsSession() }) }));
    request.end(call.body);
  });
}

const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * The network condition in plain words. Every one is a communication failure
 * (the caller may retry); the words say whether the request can have reached
 * the authority, because a reset after sending is ambiguous: the emission
 * pipeline then consults the access key before sending again.
 */
export function describeNetworkError(error: NodeJS.ErrnoException, context: { reusedSocket?: boolean; answered?: boolean; session?: TlsSession } = {}): string {
  const code = error.code ?? "";
  const problem = chainProblem(code, context.session);
  if (problem) return `TLS failure (${code}): ${problem}`;
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|EPROTO)/.test(code)) return `TLS failure (${code}): ${error.message}`;
  if (NEVER_SENT.has(code)) return `Network error (${code}): ${error.message} (nothing was sent)`;
  if (context.reusedSocket && !context.answered && (code === "ECONNRESET" || code === "EPIPE")) {
    return `Network error (${code}): the authority closed a reused keep-alive connection before answering; the request may have reached it`;
  }
  return `Network error${code ? ` (${code})` : ""}: ${error.message}`;
}
