import { DomainError } from "@/lib/errors";
import { NFE_NAMESPACE } from "./build-nfe";

// The authorized documents as SEFAZ distributes them (MOC 4.00, "Protocolo
// de autorização"; NT 2011.003 for events): the signed request bytes,
// untouched so their signature still verifies, followed by the authority's
// answer element, inside one root with the NF-e namespace.

const XML_DECLARATION = /^\s*<\?xml[^>]*\?>\s*/;

/** The first complete `<tag …>…</tag>` element of `xml` (e.g. protNFe out of retEnviNFe), or null. */
export function extractElement(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>[\\s\\S]*?</${tag}>`).exec(xml);
  return match ? match[0] : null;
}

function element(xml: string, tag: string, what: string): string {
  const body = xml.replace(XML_DECLARATION, "");
  if (!new RegExp(`^<${tag}[\\s>]`).test(body)) {
    throw new DomainError(422, "schema_validation_failed", `${what} must be a <${tag}> element`);
  }
  return body.trimEnd();
}

/** nfeProc versao 4.00: NFe + protNFe. Validate with "nfe/procNFe_v4.00.xsd". */
export function buildNfeProc(signedNfeXml: string, protNFeXml: string): string {
  return `<nfeProc xmlns="${NFE_NAMESPACE}" versao="4.00">${element(signedNfeXml, "NFe", "The signed document")}${element(protNFeXml, "protNFe", "The protocol")}</nfeProc>`;
}

/** procEventoNFe versao 1.00: evento + retEvento. Validate with "nfe/procEventoNFe_v1.00.xsd" (or the event's proc schema). */
export function buildProcEventoNFe(signedEventXml: string, retEventoXml: string): string {
  return `<procEventoNFe xmlns="${NFE_NAMESPACE}" versao="1.00">${element(signedEventXml, "evento", "The signed event")}${element(retEventoXml, "retEvento", "The event answer")}</procEventoNFe>`;
}

/**
 * ProcInutNFe versao 4.00: inutNFe + retInutNFe. The root is spelled with a
 * capital P in the official procInutNFe_v4.00.xsd, which is what validates.
 */
export function buildProcInutNFe(signedInutXml: string, retInutNFeXml: string): string {
  return `<ProcInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${element(signedInutXml, "inutNFe", "The signed request")}${element(retInutNFeXml, "retInutNFe", "The answer")}</ProcInutNFe>`;
}
