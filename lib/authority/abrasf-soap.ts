import { escapeXml } from "@/lib/fiscal/xml/xml-text";

// The SOAP 1.1 framing of the ABRASF 2.04 web services (the standard's WSDL,
// as ACBr's ISSNet 2.04 provider posts it): the operation element in the
// namespace http://nfse.abrasf.org.br holding nfseCabecMsg (the cabecalho) and
// nfseDadosMsg (the request), both as escaped XML text; the answer's XML comes
// back as escaped text in <Operation>Result (ISSNet) or outputXML (the WSDL).

export const ABRASF_OPERATIONS = ["GerarNfse", "ConsultarNfsePorRps", "CancelarNfse", "SubstituirNfse", "RecepcionarLoteRps", "RecepcionarLoteRpsSincrono", "ConsultarLoteRps"] as const;
export type AbrasfOperation = (typeof ABRASF_OPERATIONS)[number];

const SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";

/** The cabecalho of ABRASF 2.04 (element cabecalho of nfse_v2-04.xsd): layout version of the data. */
export const ABRASF_CABECALHO = `<cabecalho xmlns="http://www.abrasf.org.br/nfse.xsd" versao="1.00"><versaoDados>2.04</versaoDados></cabecalho>`;

export function withoutDeclaration(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, "");
}

export function buildAbrasfRequestEnvelope(operation: AbrasfOperation, namespace: string, dadosXml: string, cabecalhoXml = ABRASF_CABECALHO): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="${SOAP11_NS}" xmlns:nfse="${namespace}"><soapenv:Body>` +
    `<nfse:${operation}><nfseCabecMsg>${escapeXml(cabecalhoXml)}</nfseCabecMsg><nfseDadosMsg>${escapeXml(withoutDeclaration(dadosXml))}</nfseDadosMsg></nfse:${operation}>` +
    `</soapenv:Body></soapenv:Envelope>`
  );
}

export function buildAbrasfResponseEnvelope(operation: AbrasfOperation, namespace: string, answerXml: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body>` +
    `<${operation}Response xmlns="${namespace}"><${operation}Result>${escapeXml(withoutDeclaration(answerXml))}</${operation}Result></${operation}Response>` +
    `</soap:Body></soap:Envelope>`
  );
}

export function buildSoapFault(reason: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>${escapeXml(reason)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
}

function unescapeXml(value: string): string {
  return value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d))).replace(/&amp;/g, "&");
}

/** The text of the first element named `tag` (any prefix), unescaped, or its CDATA as written. */
export function embeddedXml(envelope: string, tags: string[]): string | null {
  for (const tag of tags) {
    const match = new RegExp(`<(?:[\\w.-]+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:[\\w.-]+:)?${tag}>`).exec(envelope);
    if (!match) continue;
    const content = match[1]!.trim();
    const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(content);
    return cdata ? cdata[1]! : content.startsWith("<") ? content : unescapeXml(content);
  }
  return null;
}

/** The request a city system receives: operation, cabecalho and dados (null when the envelope is not one). */
export function readAbrasfRequestEnvelope(envelope: string): { operation: string; cabecalho: string | null; dados: string } | null {
  const operation = /<(?:[\w.-]+:)?Body\b[^>]*>\s*<(?:[\w.-]+:)?([\w]+)[\s>]/.exec(envelope)?.[1];
  const dados = embeddedXml(envelope, ["nfseDadosMsg"]);
  if (!operation || dados === null) return null;
  return { operation: operation.replace(/Request$/, ""), cabecalho: embeddedXml(envelope, ["nfseCabecMsg"]), dados };
}

/** The answer's XML out of <Operation>Result / outputXML / return. */
export function readAbrasfResponseEnvelope(envelope: string, operation: AbrasfOperation): string | null {
  return embeddedXml(envelope, [`${operation}Result`, "outputXML", "return"]);
}
