import { escapeXml } from "@/lib/fiscal/xml/xml-text";
import { embeddedXml, withoutDeclaration } from "./abrasf-soap";
import type { PaulistanaOperation } from "./nfse-providers";

// The SOAP framing of São Paulo's LoteNFe (SP-WSDL, SP-CLIENT in nfse-providers/paulistana.ts):
// a SOAP 1.2 envelope whose body is <{Operation}Request xmlns="http://www.prefeitura.sp.gov.br/nfe">
// with VersaoSchema and MensagemXML (the signed request as escaped text), the SOAPAction as an
// HTTP header; the answer comes back as escaped text in {Operation}Response/RetornoXML.

export const PAULISTANA_OPERATIONS = ["EnvioRPS", "ConsultaNFe", "CancelamentoNFe"] as const satisfies readonly PaulistanaOperation[];

const SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";

export function buildPaulistanaRequestEnvelope(operation: PaulistanaOperation, namespace: string, messageXml: string, schemaVersion = "1"): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="${SOAP12_NS}"><soap12:Body>` +
    `<${operation}Request xmlns="${namespace}"><VersaoSchema>${schemaVersion}</VersaoSchema><MensagemXML>${escapeXml(withoutDeclaration(messageXml))}</MensagemXML></${operation}Request>` +
    `</soap12:Body></soap12:Envelope>`
  );
}

export function buildPaulistanaResponseEnvelope(operation: PaulistanaOperation, namespace: string, answerXml: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12_NS}"><soap:Body>` +
    `<${operation}Response xmlns="${namespace}"><RetornoXML>${escapeXml(withoutDeclaration(answerXml))}</RetornoXML></${operation}Response>` +
    `</soap:Body></soap:Envelope>`
  );
}

/** What the city's service receives: the body element (operation + "Request"), VersaoSchema and MensagemXML (null when absent or empty). */
export function readPaulistanaRequestEnvelope(envelope: string): { element: string; version: string | null; message: string | null } | null {
  const element = /<(?:[\w.-]+:)?Body\b[^>]*>\s*<(?:[\w.-]+:)?([\w]+)[\s>]/.exec(envelope)?.[1];
  if (!element) return null;
  const message = embeddedXml(envelope, ["MensagemXML"]);
  return { element, version: /<(?:[\w.-]+:)?VersaoSchema>([^<]*)</.exec(envelope)?.[1] ?? null, message: message?.trim() ? message : null };
}

export function readPaulistanaResponseEnvelope(envelope: string): string | null {
  return embeddedXml(envelope, ["RetornoXML"]);
}
