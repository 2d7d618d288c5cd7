import { authorityHttpRequest } from "./authority-http";
import { readSoapFault } from "./soap-response";
import type { ClientCertificate } from "./types";

// SOAP 1.2 over the shared authority exchange (mutual TLS with the A1, MOC
// 4.0 item 3.1, or the simulator on loopback). The server chain is checked
// against the authority trust store (trust-store.ts: Node's roots + ICP-Brasil).

export type SoapCall = {
  url: string;
  /** Namespace of <nfeDadosMsg>: http://www.portalfiscal.inf.br/nfe/wsdl/<Service>. */
  namespace: string;
  action: string;
  /** The message (enviNFe, consSitNFe, envEvento, …) without an XML declaration. */
  payloadXml: string;
  /** The WSDL method element around <nfeDadosMsg> (the distribution's nfeDistDFeInteresse); none for the 4.00 services. */
  method?: string;
  certificate?: ClientCertificate;
  timeoutMs: number;
  /** See AuthorityHttpRequest: connection deadline and idle keep-alive time (defaults in authority-http.ts). */
  connectTimeoutMs?: number;
  idleSocketMs?: number;
  /** Extra trusted roots (PEM) on top of Node's, e.g. the ICP-Brasil chain; NODE_EXTRA_CA_CERTS does the same process-wide. */
  trustedCaPem?: string;
};

export type SoapOutcome =
  | { ok: true; status: number; body: string }
  | { ok: false; reason: string; status?: number; body?: string };

const SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";

/** Strips an XML declaration: the payload goes inside the envelope, where a declaration is not allowed. */
export function withoutXmlDeclaration(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, "");
}

export function buildSoapEnvelope(namespace: string, payloadXml: string, method?: string): string {
  const message = method
    ? `<${method} xmlns="${namespace}"><nfeDadosMsg>${withoutXmlDeclaration(payloadXml)}</nfeDadosMsg></${method}>`
    : `<nfeDadosMsg xmlns="${namespace}">${withoutXmlDeclaration(payloadXml)}</nfeDadosMsg>`;
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${SOAP12_NS}">` +
    `<soap12:Body>${message}</soap12:Body>` +
    `</soap12:Envelope>`
  );
}

/** Posts one SOAP 1.2 request; never throws for network conditions (they become `ok: false`). */
export async function postSoap(call: SoapCall): Promise<SoapOutcome> {
  const response = await authorityHttpRequest({
    url: call.url,
    method: "POST",
    headers: { "Content-Type": `application/soap+xml; charset=utf-8; action="${call.action}"` },
    body: Buffer.from(buildSoapEnvelope(call.namespace, call.payloadXml, call.method), "utf8"),
    certificate: call.certificate,
    timeoutMs: call.timeoutMs,
    connectTimeoutMs: call.connectTimeoutMs,
    idleSocketMs: call.idleSocketMs,
    trustedCaPem: call.trustedCaPem,
  });
  if (!response.ok) return response;
  const { status, text } = response;
  if (status >= 200 && status < 300) return { ok: true, status, body: text };
  return { ok: false, status, body: text, reason: describeHttpFailure(status, text) };
}

/** A non-2xx answer, with the SOAP Fault's text when the body is one (ASMX and Axis2 answer faults with HTTP 500). */
export function describeHttpFailure(status: number, body: string): string {
  const fault = readSoapFault(body);
  return fault ? `HTTP ${status} from the authority, SOAP fault: ${fault}` : `HTTP ${status} from the authority`;
}
