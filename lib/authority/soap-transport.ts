import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import type { ClientCertificate } from "./types";

// SOAP 1.2 over HTTPS with the company's A1 as the TLS client certificate
// (MOC 4.0, item 3.1: mutual authentication), or plain HTTP to the built-in
// simulator on loopback. The server chain (ICP-Brasil) is trusted through
// NODE_EXTRA_CA_CERTS, as Node reads it at start-up.

export type SoapCall = {
  url: string;
  /** Namespace of <nfeDadosMsg>: http://www.portalfiscal.inf.br/nfe/wsdl/<Service>. */
  namespace: string;
  action: string;
  /** The message (enviNFe, consSitNFe, envEvento, …) without an XML declaration. */
  payloadXml: string;
  certificate?: ClientCertificate;
  timeoutMs: number;
  /** Extra trusted roots (PEM) on top of Node's, e.g. the ICP-Brasil chain; NODE_EXTRA_CA_CERTS does the same process-wide. */
  trustedCaPem?: string;
};

export type SoapOutcome =
  | { ok: true; status: number; body: string }
  | { ok: false; reason: string; status?: number; body?: string };

const SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** Strips an XML declaration: the payload goes inside the envelope, where a declaration is not allowed. */
export function withoutXmlDeclaration(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, "");
}

export function buildSoapEnvelope(namespace: string, payloadXml: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${SOAP12_NS}">` +
    `<soap12:Body><nfeDadosMsg xmlns="${namespace}">${withoutXmlDeclaration(payloadXml)}</nfeDadosMsg></soap12:Body>` +
    `</soap12:Envelope>`
  );
}

// One keep-alive agent per client certificate: TLS handshakes with mutual
// authentication are the slow part of every call.
const httpsAgents = new Map<string, https.Agent>();
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function httpsAgentFor(certificate: ClientCertificate, trustedCaPem?: string): https.Agent {
  const id = createHash("sha256").update(certificate.certificatePem).update(trustedCaPem ?? "").digest("hex");
  let agent = httpsAgents.get(id);
  if (!agent) {
    const ca = trustedCaPem ? [...tls.rootCertificates, trustedCaPem] : undefined;
    agent = new https.Agent({ keepAlive: true, maxSockets: 8, key: certificate.privateKeyPem, cert: certificate.certificatePem, ca, minVersion: "TLSv1.2" });
    httpsAgents.set(id, agent);
  }
  return agent;
}

/** Posts one SOAP 1.2 request; never throws for network conditions (they become `ok: false`). */
export function postSoap(call: SoapCall): Promise<SoapOutcome> {
  const url = new URL(call.url);
  const secure = url.protocol === "https:";
  if (!secure && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) {
    // Plain HTTP only reaches the simulator; a real authority always needs TLS with the A1.
    return Promise.resolve({ ok: false, reason: `Refusing a non-TLS authority URL outside loopback: ${url.origin}` });
  }
  if (secure && !call.certificate?.certificatePem) return Promise.resolve({ ok: false, reason: "A client certificate is required for HTTPS" });
  const body = Buffer.from(buildSoapEnvelope(call.namespace, call.payloadXml), "utf8");
  const options: http.RequestOptions = {
    method: "POST",
    headers: { "Content-Type": `application/soap+xml; charset=utf-8; action="${call.action}"`, "Content-Length": body.length },
    agent: secure ? httpsAgentFor(call.certificate!, call.trustedCaPem) : httpAgent,
  };

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SoapOutcome) => {
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
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) finish({ ok: true, status, body: text });
        else finish({ ok: false, status, body: text, reason: `HTTP ${status} from the authority` });
      });
    });
    // One deadline for the whole exchange (connect, TLS, send, wait, read).
    const timer = setTimeout(() => {
      finish({ ok: false, reason: `No answer within ${call.timeoutMs} ms` });
      request.destroy(new Error("timeout"));
    }, call.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => finish({ ok: false, reason: describeNetworkError(error) }));
    request.end(body);
  });
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  const code = error.code ?? "";
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|EPROTO)/.test(code)) return `TLS failure (${code}): ${error.message}`;
  return `Network error${code ? ` (${code})` : ""}: ${error.message}`;
}
