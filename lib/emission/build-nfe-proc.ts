const NFE_NS = "http://www.portalfiscal.inf.br/nfe";

/**
 * The distributable authorized document (procNFe_v4.00.xsd): the signed NFe
 * exactly as sent, followed by the authority's protNFe.
 */
export function buildNfeProc(signedNfeXml: string, protNFeXml: string): string {
  const nfe = stripDeclaration(signedNfeXml);
  const protNFe = stripDeclaration(protNFeXml);
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="${NFE_NS}" versao="4.00">${nfe}${protNFe}</nfeProc>`;
}

function stripDeclaration(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, "").trim();
}
