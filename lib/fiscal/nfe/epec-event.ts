import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { DomainError } from "@/lib/errors";
import { el, fiscalText } from "@/lib/fiscal/xml/xml-text";
import { validateXml, type XmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { STATES } from "@/lib/br";
import { parseAccessKey } from "./access-key";
import { NFE_NAMESPACE } from "./build-nfe";
import { localDateTime } from "./format";
import { readNfeView, type XmlFields } from "./rules/nfe-view";

// EPEC, Evento Prévio de Emissão em Contingência (tpEvento 110140) of an NF-e
// (model 55), registered at the Ambiente Nacional (cOrgao 91) before the NF-e
// itself reaches its authorizer (NT 2014.001 v1.00a; MOC 7.0, contingency
// chapter; layout leiauteEPEC_v1.00 / e110140_v1.00.xsd in PL_010_V1.30). The
// detEvento summarises the NF-e issued with tpEmis 4: the issuer's state
// (cOrgaoAutor), tpAutor 1, verAplic, dhEmi, tpNF, the issuer's IE and the
// recipient's UF, CNPJ/CPF/idEstrangeiro, IE, with the totals vNF, vICMS, vST.
// The authorizer later refuses an NF-e whose data differ from its EPEC (467).
//
// NFC-e (model 65, NT 2015.003 v1.02, e110140NFCe_v1.00.xsd): the same event registered at the
// state's own EPEC service (SEFAZ-SP: cOrgao 35), its detEvento with vNF and vICMS after dest and
// no vST. The vendored e110140NFCe_v1.00.xsd requires dest (UF and CPF/CNPJ/idEstrangeiro): an
// NFC-e of an unidentified consumer cannot have an EPEC (epecNeedsRecipient), it goes offline.

/** The tpEvento of EPEC (NT 2014.001; NT 2015.003 for NFC-e). */
export const EPEC_EVENT = "110140";
/** The Ambiente Nacional's cOrgao, which registers the NF-e's EPEC (NT 2014.001). */
export const EPEC_NFE_ORGAO = "91";
/** An NFC-e without an identified recipient cannot have an EPEC (e110140NFCe requires dest): the emission issues it offline instead. */
export class EpecNeedsRecipientError extends DomainError {
  constructor() {
    super(422, "schema_validation_failed", "An NFC-e without an identified consumer cannot have an EPEC (e110140NFCe_v1.00.xsd requires dest)");
  }
}
/** The schema of one signed <evento> 110140 (EPEC_v1.00.xsd includes leiauteEPEC_v1.00.xsd). */
export const EPEC_EVENT_SCHEMA: XmlSchema = "nfe/EPEC_v1.00.xsd";

/** What an EPEC carries of its NF-e, as text (the authorizer compares these, rule 467). */
export type EpecData = {
  cOrgaoAutor: string;
  dhEmi: string;
  tpNF: string;
  ie: string;
  destUf: string;
  /** CNPJ, CPF or idEstrangeiro, with which of them. */
  destIdKind: "CNPJ" | "CPF" | "idEstrangeiro";
  destId: string;
  destIe: string | null;
  vNF: string;
  vICMS: string;
  /** NF-e only: the NFC-e's EPEC carries no vST (e110140NFCe_v1.00.xsd). */
  vST: string | null;
};

const str = (value: unknown): string => (value === undefined || value === null ? "" : String(value));
const obj = (value: unknown): XmlFields => (value && typeof value === "object" ? (value as XmlFields) : {});

/** The EPEC data of a (signed) NF-e or NFC-e; 422 when it cannot have one (no recipient). */
export function epecDataOfNfe(nfeXml: string): EpecData {
  const view = readNfeView(nfeXml);
  const nfce = view.model === "65";
  const dest = view.dest;
  if (!dest && nfce) throw new EpecNeedsRecipientError();
  if (!dest) throw new DomainError(422, "schema_validation_failed", "An NF-e issued in EPEC needs a recipient (dest): the event carries its UF and document");
  const [destIdKind, destId] = dest.CNPJ !== undefined ? (["CNPJ", str(dest.CNPJ)] as const) : dest.CPF !== undefined ? (["CPF", str(dest.CPF)] as const) : (["idEstrangeiro", str(dest.idEstrangeiro)] as const);
  // An exterior recipient's UF is "EX" (enderDest/UF, E12); an NFC-e's consumer without an address is in the issuer's state (a local sale).
  const destUf = str(obj(dest.enderDest).UF) || (nfce ? (dest.idEstrangeiro !== undefined ? "EX" : str(obj(view.emit.enderEmit).UF)) : "");
  // IE of the recipient only when it has one (e110140: [0-9]{2,14}; "ISENTO" is not an IE).
  const destIe = /^[0-9]{2,14}$/.test(str(dest.IE)) ? str(dest.IE) : null;
  return {
    cOrgaoAutor: str(view.ide.cUF),
    dhEmi: str(view.ide.dhEmi),
    tpNF: str(view.ide.tpNF),
    ie: str(view.emit.IE),
    destUf,
    destIdKind,
    destId,
    destIe,
    vNF: str(view.icmsTot.vNF),
    vICMS: str(view.icmsTot.vICMS),
    vST: nfce ? null : str(view.icmsTot.vST),
  };
}

const leaf = (xml: string, tag: string): string | null => new RegExp(`<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`).exec(xml)?.[1] ?? null;

/** The EPEC data an <evento> 110140 (schema-checked) carries. */
export function epecDataOfEvent(eventXml: string): EpecData {
  const detail = /<(?:\w+:)?detEvento\b[^>]*>([\s\S]*?)<\/(?:\w+:)?detEvento>/.exec(eventXml)?.[1] ?? "";
  const dest = /<(?:\w+:)?dest>([\s\S]*?)<\/(?:\w+:)?dest>/.exec(detail)?.[1] ?? "";
  const beforeDest = detail.slice(0, Math.max(0, detail.search(/<(?:\w+:)?dest>/)));
  const idKind = (["CNPJ", "CPF", "idEstrangeiro"] as const).find((tag) => leaf(dest, tag) !== null) ?? "CNPJ";
  return {
    cOrgaoAutor: leaf(beforeDest, "cOrgaoAutor") ?? "",
    dhEmi: leaf(beforeDest, "dhEmi") ?? "",
    tpNF: leaf(beforeDest, "tpNF") ?? "",
    ie: leaf(beforeDest, "IE") ?? "",
    destUf: leaf(dest, "UF") ?? "",
    destIdKind: idKind,
    destId: leaf(dest, idKind) ?? "",
    destIe: leaf(dest, "IE"),
    // NF-e: inside dest; NFC-e: after it, and no vST.
    vNF: leaf(dest, "vNF") ?? leaf(detail, "vNF") ?? "",
    vICMS: leaf(dest, "vICMS") ?? leaf(detail, "vICMS") ?? "",
    vST: leaf(dest, "vST"),
  };
}

const money = (value: string | null) => (!value ? "" : Number(value).toFixed(2));
const instant = (value: string) => new Date(value).getTime();

/** The fields of an NF-e that differ from its EPEC (empty: they match; the authorizer refuses 467 otherwise). */
export function epecDifferences(epec: EpecData, nfe: EpecData): string[] {
  const differences: string[] = [];
  const compare = (name: string, a: string | null, b: string | null) => {
    if ((a ?? "") !== (b ?? "")) differences.push(name);
  };
  compare("cOrgaoAutor/cUF", epec.cOrgaoAutor, nfe.cOrgaoAutor);
  if (instant(epec.dhEmi) !== instant(nfe.dhEmi)) differences.push("dhEmi");
  compare("tpNF", epec.tpNF, nfe.tpNF);
  compare("IE", epec.ie, nfe.ie);
  compare("dest/UF", epec.destUf, nfe.destUf);
  compare(`dest/${epec.destIdKind}`, `${epec.destIdKind}:${epec.destId}`, `${nfe.destIdKind}:${nfe.destId}`);
  compare("dest/IE", epec.destIe, nfe.destIe);
  compare("vNF", money(epec.vNF), money(nfe.vNF));
  compare("vICMS", money(epec.vICMS), money(nfe.vICMS));
  compare("vST", money(epec.vST), money(nfe.vST));
  return differences;
}

export type EpecEventInput = {
  /** The NF-e issued with tpEmis 4, dhCont and xJust (signed). */
  nfeXml: string;
  environment: "PRODUCTION" | "HOMOLOGATION";
  authorCnpj: string;
  occurredAt: Date;
  applicationVersion: string;
};

/** The unsigned <evento> 110140 of an NF-e issued in EPEC (cOrgao 91, nSeqEvento 1), or of an NFC-e (cOrgao = the issuer's state, whose EPEC service receives it). */
export function buildEpecEventXml(input: EpecEventInput): { xml: string; id: string; accessKey: string } {
  const accessKey = /<(?:\w+:)?infNFe\b[^>]*\bId="NFe([0-9A-Z]{44})"/.exec(input.nfeXml)?.[1] ?? "";
  const key = parseAccessKey(accessKey);
  if (!key) throw new DomainError(422, "schema_validation_failed", "The NF-e has no valid access key");
  // The key's 35th position is the tpEmis; EPEC is only for tpEmis 4 (the AN refuses another: 484).
  if (accessKey.charAt(34) !== "4") throw new DomainError(422, "schema_validation_failed", "An EPEC is registered only for an NF-e issued with tpEmis 4");
  const uf = STATES.find((s) => s.cUF === key.cUF)?.uf;
  if (!uf) throw new DomainError(422, "schema_validation_failed", `Unknown cUF ${key.cUF}`);
  const data = epecDataOfNfe(input.nfeXml);
  const nfce = accessKey.slice(20, 22) === "65";
  const id = `ID${EPEC_EVENT}${accessKey}01`;
  const detail =
    el("descEvento", "EPEC") +
    el("cOrgaoAutor", data.cOrgaoAutor) +
    el("tpAutor", "1") +
    el("verAplic", fiscalText(input.applicationVersion, 20)) +
    el("dhEmi", data.dhEmi) +
    el("tpNF", data.tpNF) +
    el("IE", data.ie) +
    "<dest>" +
    el("UF", data.destUf) +
    el(data.destIdKind, data.destId) +
    (data.destIe ? el("IE", data.destIe) : "") +
    (nfce ? "</dest>" + el("vNF", data.vNF) + el("vICMS", data.vICMS) : el("vNF", data.vNF) + el("vICMS", data.vICMS) + el("vST", data.vST ?? "0.00") + "</dest>");
  const xml =
    `<evento xmlns="${NFE_NAMESPACE}" versao="1.00"><infEvento Id="${id}">` +
    el("cOrgao", nfce ? key.cUF : EPEC_NFE_ORGAO) +
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") +
    el("CNPJ", input.authorCnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase()) +
    el("chNFe", accessKey) +
    el("dhEvento", localDateTime(input.occurredAt, uf)) +
    el("tpEvento", EPEC_EVENT) +
    el("nSeqEvento", "1") +
    el("verEvento", "1.00") +
    `<detEvento versao="1.00">${detail}</detEvento>` +
    "</infEvento></evento>";
  return { xml, id, accessKey };
}

/** The detEvento of an <evento> as a document of its own, to validate against e110140_v1.00.xsd. */
export function epecDetailDocument(eventXml: string): string {
  const detail = /<detEvento(\s[^>]*)?>[\s\S]*<\/detEvento>/.exec(eventXml)?.[0] ?? "";
  return detail.replace(/^<detEvento/, `<detEvento xmlns="${NFE_NAMESPACE}"`);
}

/**
 * Built, signed (infEvento) and validated against EPEC_v1.00.xsd (leiauteEPEC_v1.00, PL_010_V1.30)
 * and its detEvento against the event's own e110140_v1.00.xsd.
 */
export function buildSignedEpecEvent(input: EpecEventInput, credentials: SigningCredentials): { xml: string; id: string; accessKey: string } {
  const built = buildEpecEventXml(input);
  const xml = signXml(built.xml, credentials, { tag: "infEvento" });
  if (built.accessKey.slice(20, 22) === "65") {
    validateEpecNfceEvent(xml);
    return { ...built, xml };
  }
  validateXml(xml, EPEC_EVENT_SCHEMA);
  validateXml(epecDetailDocument(xml), "nfe/e110140_v1.00.xsd");
  return { ...built, xml };
}

/** The batch (envEvento, idLote 1) an <evento> is sent in. */
export function epecBatch(eventXml: string): string {
  return `<envEvento xmlns="${NFE_NAMESPACE}" versao="1.00"><idLote>1</idLote>${eventXml.replace(/^<\?xml[^>]*>/, "")}</envEvento>`;
}

/**
 * An NFC-e's EPEC: PL_010_V1.30 has no envelope schema of its own for it (envEPEC/EPEC_v1.00 carry the
 * NF-e's detail), so the signed <evento> is validated in its batch against the generic envEvento_v1.00.xsd
 * (detEvento xs:any) and its detEvento against e110140NFCe_v1.00.xsd (NT 2015.003).
 */
export function validateEpecNfceEvent(eventXml: string): void {
  validateXml(epecBatch(eventXml), "nfe/envEvento_v1.00.xsd");
  validateXml(epecDetailDocument(eventXml), EPEC_NFCE_DETAIL_SCHEMA);
}

/** The detEvento schema of an NFC-e's EPEC (NT 2015.003; PL_010_V1.30). */
export const EPEC_NFCE_DETAIL_SCHEMA: XmlSchema = "nfe/e110140NFCe_v1.00.xsd";
