import { randomInt } from "node:crypto";
import { stateInfo } from "@/lib/br";
import { withoutXmlDeclaration } from "./soap-transport";
import type { AuthorityEnvironment } from "./types";

// The unsigned wrappers around signed documents and the small query messages
// (MOC 4.0, items 4.2 to 4.7). The signed parts go in byte for byte.

const NFE_NS = "http://www.portalfiscal.inf.br/nfe";

export function tpAmb(environment: AuthorityEnvironment): "1" | "2" {
  return environment === "PRODUCTION" ? "1" : "2";
}

/** TIdLote is up to 15 digits; a time-based id with a random tail is unique enough per sender. */
export function newBatchId(): string {
  return `${Date.now()}${randomInt(0, 100)}`.padStart(15, "0").slice(-15);
}

/** enviNFe with one NF-e, synchronous (indSinc 1: the answer carries protNFe). */
export function enviNFe(signedNfeXml: string, batchId = newBatchId()): string {
  return `<enviNFe xmlns="${NFE_NS}" versao="4.00"><idLote>${batchId}</idLote><indSinc>1</indSinc>${withoutXmlDeclaration(signedNfeXml)}</enviNFe>`;
}

export function consReciNFe(environment: AuthorityEnvironment, receipt: string): string {
  return `<consReciNFe xmlns="${NFE_NS}" versao="4.00"><tpAmb>${tpAmb(environment)}</tpAmb><nRec>${receipt}</nRec></consReciNFe>`;
}

export function consSitNFe(environment: AuthorityEnvironment, accessKey: string): string {
  return `<consSitNFe xmlns="${NFE_NS}" versao="4.00"><tpAmb>${tpAmb(environment)}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${accessKey}</chNFe></consSitNFe>`;
}

export function consStatServ(environment: AuthorityEnvironment, uf: string): string {
  return `<consStatServ xmlns="${NFE_NS}" versao="4.00"><tpAmb>${tpAmb(environment)}</tpAmb><cUF>${stateInfo(uf).cUF}</cUF><xServ>STATUS</xServ></consStatServ>`;
}

/** envEvento 1.00 with one signed <evento>. */
export function envEvento(signedEventXml: string, batchId = newBatchId()): string {
  return `<envEvento xmlns="${NFE_NS}" versao="1.00"><idLote>${batchId}</idLote>${withoutXmlDeclaration(signedEventXml)}</envEvento>`;
}

/** What NFeDistribuicaoDFe is asked (NT 2014.002): the items after an NSU, one NSU, or the items about one access key. */
export type DistributionQuery = { kind: "distNSU"; lastNsu: string } | { kind: "consNSU"; nsu: string } | { kind: "consChNFe"; accessKey: string };

/** distDFeInt 1.01 for the party's CNPJ (14 characters) or CPF (11 digits); cUFAutor is the party's state. */
export function distDFeInt(environment: AuthorityEnvironment, uf: string, party: string, query: DistributionQuery): string {
  const partyTag = party.length === 11 ? "CPF" : "CNPJ";
  const body =
    query.kind === "distNSU" ? `<distNSU><ultNSU>${query.lastNsu.padStart(15, "0")}</ultNSU></distNSU>`
    : query.kind === "consNSU" ? `<consNSU><NSU>${query.nsu.padStart(15, "0")}</NSU></consNSU>`
    : `<consChNFe><chNFe>${query.accessKey}</chNFe></consChNFe>`;
  return `<distDFeInt xmlns="${NFE_NS}" versao="1.01"><tpAmb>${tpAmb(environment)}</tpAmb><cUFAutor>${stateInfo(uf).cUF}</cUFAutor><${partyTag}>${party}</${partyTag}>${body}</distDFeInt>`;
}

/** What the taxpayer registry (CadConsultaCadastro4) is asked by: a CNPJ (14, possibly alphanumeric), a CPF (11) or an IE. */
export type RegistryQuery = { uf: string; cnpj?: string; cpf?: string; ie?: string };

/** ConsCad 2.00 (consCad_v2.00.xsd): xServ CONS-CAD, the state asked, and one of CNPJ, CPF or IE. */
export function consCad(query: RegistryQuery): string {
  const filter = query.cnpj ? `<CNPJ>${query.cnpj}</CNPJ>` : query.cpf ? `<CPF>${query.cpf}</CPF>` : `<IE>${query.ie ?? ""}</IE>`;
  return `<ConsCad xmlns="${NFE_NS}" versao="2.00"><infCons><xServ>CONS-CAD</xServ><UF>${query.uf}</UF>${filter}</infCons></ConsCad>`;
}
