// inutNFe 4.00 (MOC 4.00 item 4.5, NFeInutilizacao4), unsigned: the caller signs infInut.

const NFE_NS = "http://www.portalfiscal.inf.br/nfe";

export type InutilizationXmlInput = {
  cUF: string;
  /** 2-digit year of the numbers being voided. */
  year: string;
  cnpj: string;
  model: "55" | "65";
  series: number;
  startNumber: number;
  endNumber: number;
  justification: string;
  environment: "PRODUCTION" | "HOMOLOGATION";
};

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** Id = "ID" + cUF + ano + CNPJ + mod + serie (3) + nNFIni (9) + nNFFin (9). */
export function inutilizationId(input: InutilizationXmlInput): string {
  return `ID${input.cUF}${input.year}${input.cnpj}${input.model}${String(input.series).padStart(3, "0")}${String(input.startNumber).padStart(9, "0")}${String(input.endNumber).padStart(9, "0")}`;
}

export function buildInutilizationXml(input: InutilizationXmlInput): string {
  return (
    `<inutNFe xmlns="${NFE_NS}" versao="4.00"><infInut Id="${inutilizationId(input)}">` +
    `<tpAmb>${input.environment === "PRODUCTION" ? 1 : 2}</tpAmb><xServ>INUTILIZAR</xServ><cUF>${input.cUF}</cUF><ano>${input.year}</ano>` +
    `<CNPJ>${input.cnpj}</CNPJ><mod>${input.model}</mod><serie>${input.series}</serie>` +
    `<nNFIni>${input.startNumber}</nNFIni><nNFFin>${input.endNumber}</nNFFin><xJust>${escapeXml(input.justification)}</xJust>` +
    `</infInut></inutNFe>`
  );
}

/** procInutNFe: the signed request with the authority's retInutNFe. */
export function procInutilizationXml(signedInut: string, retInutNFe: string): string {
  const strip = (xml: string) => xml.replace(/^<\?xml[^>]*>/, "");
  // The answer may arrive inside its SOAP envelope; keep only retInutNFe.
  const answer = /<(?:\w+:)?retInutNFe[\s>][\s\S]*<\/(?:\w+:)?retInutNFe>/.exec(retInutNFe)?.[0] ?? strip(retInutNFe);
  return `<procInutNFe xmlns="${NFE_NS}" versao="4.00">${strip(signedInut)}${answer}</procInutNFe>`;
}
