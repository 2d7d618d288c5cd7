import { normalizeDocument } from "@/lib/br";
import { DomainError } from "@/lib/errors";
import { parseAccessKey } from "@/lib/fiscal/nfe/access-key";
import { readNfeView, str, type NfeView } from "@/lib/fiscal/nfe/rules/nfe-view";
import { checkXmlSchema, schemaForDocument } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { child, parseXml, text } from "@/lib/authority/soap-response";

// Reading an authorized NF-e/NFC-e issued through another system (issue 56,
// item 3): the nfeProc (procNFe_v4.00.xsd, MOC 4.00 item 5.3) as the issuer
// keeps it, checked as the authority's own answer would have been: schema,
// the emitter's XMLDSig over infNFe (MOC 4.00 item 4.1), the key's fields
// against ide/emit, and protNFe: cStat 100 or 150 (authorized, 150 "fora de
// prazo"), chNFe equal to the key and digVal equal to the signature's
// DigestValue (the protocol is bound to exactly this signed document).

/** cStat of an authorization (MOC 4.00, Tabela de códigos de erros e descrições de mensagens). */
const AUTHORIZED_CSTAT = new Set(["100", "150"]);

export type ImportedNfe = {
  xml: string;
  view: NfeView;
  accessKey: string;
  model: "55" | "65";
  series: number;
  number: number;
  environment: "PRODUCTION" | "HOMOLOGATION";
  issuerCnpj: string;
  issueDateTime: Date;
  protocol: string;
  cStat: string;
  reason: string;
  authorizedAt: Date;
};

export function invalidImport(message: string): DomainError {
  return new DomainError(422, "import_invalid_document", message);
}

function schemaProblems(xml: string, schema: "nfe/procNFe_v4.00.xsd" | "nfe/procEventoNFe_v1.00.xsd"): string | null {
  const check = checkXmlSchema(xml, schema);
  if (check.valid) return null;
  return check.errors.slice(0, 3).join("; ") + (check.errors.length > 3 ? ` (and ${check.errors.length - 3} more)` : "");
}

function date(value: string): Date | null {
  const parsed = new Date(value);
  return value && !Number.isNaN(parsed.getTime()) ? parsed : null;
}

/** The checks that need nothing but the XML; throws 422 import_invalid_document naming the first failure. */
export function readAuthorizedNfe(xml: string, where = "xml"): ImportedNfe {
  const trimmed = xml.trim();
  if (schemaForDocument(trimmed) !== "nfe/procNFe_v4.00.xsd") {
    throw invalidImport(`${where}: not an nfeProc (the authorized NF-e/NFC-e with its protNFe, procNFe_v4.00.xsd); a bare NFe has no protocol to import`);
  }
  const schema = schemaProblems(trimmed, "nfe/procNFe_v4.00.xsd");
  if (schema) throw invalidImport(`${where}: does not follow procNFe_v4.00.xsd: ${schema}`);

  const signature = verifyXmlSignature(trimmed);
  if (!signature.valid) throw invalidImport(`${where}: the emitter's signature does not verify (${signature.reason}); send the XML exactly as authorized, without reformatting`);

  const view = readNfeView(trimmed);
  const parsed = parseXml(trimmed);
  const proc = child(parsed, "nfeProc");
  const infProt = child(child(proc, "protNFe"), "infProt");
  const cStat = text(infProt, "cStat");
  const protocol = text(infProt, "nProt");
  const chNFe = text(infProt, "chNFe");
  if (!AUTHORIZED_CSTAT.has(cStat) || !protocol) {
    throw invalidImport(`${where}: protNFe is not an authorization (cStat ${cStat || "absent"} - ${text(infProt, "xMotivo")}); only cStat 100 or 150 with nProt is imported`);
  }
  if (chNFe !== view.accessKey) throw invalidImport(`${where}: protNFe's chNFe ${chNFe} is not the key of the signed NF-e (${view.accessKey})`);
  const digest = /<(?:\w+:)?DigestValue>([^<]+)<\/(?:\w+:)?DigestValue>/.exec(trimmed)?.[1]?.trim();
  const digVal = text(infProt, "digVal");
  if (digVal && digest && digVal !== digest) throw invalidImport(`${where}: protNFe's digVal does not match the NF-e's signature: the protocol belongs to another version of this document`);

  const key = parseAccessKey(view.accessKey);
  if (!key) throw invalidImport(`${where}: the access key ${view.accessKey} is not valid (layout or check digit)`);
  const ide = view.ide;
  const series = Number(str(ide.serie));
  const number = Number(str(ide.nNF));
  const issuerCnpj = normalizeDocument(str(view.emit.CNPJ));
  if (key.model !== view.model || key.series !== series || key.number !== number || key.issuerDocument !== issuerCnpj) {
    throw invalidImport(`${where}: the access key's model, series, number or CNPJ differ from ide/emit`);
  }
  const issueDateTime = date(str(ide.dhEmi));
  if (!issueDateTime) throw invalidImport(`${where}: ide/dhEmi is not a date`);
  return {
    xml: trimmed,
    view,
    accessKey: view.accessKey,
    model: view.model,
    series,
    number,
    environment: str(ide.tpAmb) === "1" ? "PRODUCTION" : "HOMOLOGATION",
    issuerCnpj,
    issueDateTime,
    protocol,
    cStat,
    reason: text(infProt, "xMotivo"),
    authorizedAt: date(text(infProt, "dhRecbto")) ?? issueDateTime,
  };
}

export type ImportedEvent = {
  tpEvento: string;
  sequence: number;
  cStat: string;
  protocol: string;
  registeredAt: Date;
  xml: string;
  /** xJust of a cancellation, xCorrecao of a CC-e. */
  text: string | null;
};

/** A registered event given with the nfeProc (procEventoNFe, procEventoNFe_v1.00.xsd), for the key being imported. */
export function readRegisteredEvent(xml: string, accessKey: string, where: string): ImportedEvent {
  const trimmed = xml.trim();
  if (schemaForDocument(trimmed) !== "nfe/procEventoNFe_v1.00.xsd") throw invalidImport(`${where}: not a procEventoNFe (the event with its retEvento)`);
  const schema = schemaProblems(trimmed, "nfe/procEventoNFe_v1.00.xsd");
  if (schema) throw invalidImport(`${where}: does not follow procEventoNFe_v1.00.xsd: ${schema}`);
  const signature = verifyXmlSignature(trimmed);
  if (!signature.valid) throw invalidImport(`${where}: the event's signature does not verify (${signature.reason})`);
  const proc = child(parseXml(trimmed), "procEventoNFe");
  const info = child(child(proc, "evento"), "infEvento");
  const ret = child(child(proc, "retEvento"), "infEvento");
  const detail = child(info, "detEvento");
  if (text(info, "chNFe") !== accessKey || text(ret, "chNFe") !== accessKey) throw invalidImport(`${where}: the event is for another access key than the nfeProc's (${accessKey})`);
  const cStat = text(ret, "cStat");
  // 135 registered, 136 registered without linking, 155 cancellation out of time (MOC 4.00 item 5.8).
  if (!["135", "136", "155"].includes(cStat) || !text(ret, "nProt")) throw invalidImport(`${where}: retEvento is not a registration (cStat ${cStat || "absent"})`);
  return {
    tpEvento: text(info, "tpEvento"),
    sequence: Number(text(info, "nSeqEvento") || "1"),
    cStat,
    protocol: text(ret, "nProt"),
    registeredAt: date(text(ret, "dhRegEvento")) ?? new Date(),
    xml: trimmed,
    text: text(detail, "xJust") || text(detail, "xCorrecao") || null,
  };
}
