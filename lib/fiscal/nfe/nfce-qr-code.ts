import { createHash, createSign } from "node:crypto";
import { DomainError } from "@/lib/errors";
import { el } from "@/lib/fiscal/xml/xml-text";
import table from "./data/nfce-qr-states.json" with { type: "json" };
import { money } from "./format";

// NFC-e QR code (infNFeSupl). The URL, urlChave and version per state and
// environment come from data/nfce-qr-states.json, each row with its source
// (docs/api-notes/nfce-qr-code.md). Contents, Manual do DANFE NFC-e v5.00
// (v2) and v6.00 / NT 2025.001 (v3):
//  - v2 online:  chave|2|tpAmb|idCSC|SHA-1(chave|2|tpAmb|idCSC + CSC)
//  - v2 offline: chave|2|tpAmb|dd|vNF|hex(DigestValue)|idCSC|SHA-1(… + CSC)
//  - v3 online:  chave|3|tpAmb (no CSC)
//  - v3 offline: chave|3|tpAmb|dd|vNF|tpIdDest|idDest|base64(RSA-SHA1 of the preceding text, issuer's A1)
//    tpIdDest 1 CNPJ, 2 CPF, 3 foreign; idDest empty for a foreign or unidentified recipient (Manual v6.00).

export type QrCodeVersion = 2 | 3;
type Environment = "PRODUCTION" | "HOMOLOGATION";
type QrEntry = { url: string; version: QrCodeVersion };

/** One row of the state table: what we emit and where each value comes from. */
export type NfceQrStateRow = {
  qrCodeUrl: string;
  urlChave: string;
  version: QrCodeVersion;
  source: { qrCodeUrl: string; urlChave: string; version: string };
};

const states = table.states as unknown as Record<string, Record<Environment, NfceQrStateRow>>;

/** The state's row for an environment, with the sources (keys of `nfceQrReferences`). */
export function nfceQrStateRow(uf: string, environment: Environment): NfceQrStateRow {
  const row = states[uf]?.[environment];
  if (!row) throw new DomainError(422, "fiscal_settings_incomplete", `No NFC-e QR-code URL for ${uf} in ${environment}`);
  return row;
}

/** The citations behind the table's `source` keys. */
export const nfceQrReferences: Readonly<Record<string, string>> = table.references;

/** The state's QR-code query URL and the QR version it expects. */
export function nfceQrEntry(uf: string, environment: Environment): QrEntry {
  const row = nfceQrStateRow(uf, environment);
  return { url: row.qrCodeUrl, version: row.version };
}

/** urlChave: the public query address printed on the DANFE NFC-e. */
export function nfceUrlChave(uf: string, environment: Environment): string {
  return nfceQrStateRow(uf, environment).urlChave;
}

export type QrCodeInput = {
  accessKey: string;
  uf: string;
  environment: Environment;
  /** Override of the table's version. */
  version?: QrCodeVersion;
  /** CSC id and secret (required by v2, online and offline). */
  csc?: { id: string; secret: string } | null;
  /** Offline contingency (tpEmis 9) data. */
  offline?: {
    issuedAt: string; // dhEmi as written in the XML
    vNF: string;
    recipient?: { type: "CNPJ" | "CPF" | "FOREIGN"; value: string } | null;
    /** The issuer's A1 key: signs the v3 offline fields. */
    privateKeyPem?: string;
    /** DigestValue (base64) of the infNFe signature: part of the v2 offline fields. */
    digestValue?: string;
  } | null;
};

function requireCsc(input: QrCodeInput): { id: string; secret: string } {
  const csc = input.csc;
  if (!csc?.id || !csc.secret) throw new DomainError(422, "csc_missing", "The NFC-e QR code version 2 needs the company's CSC (id and token)");
  return csc;
}

function withCscHash(url: string, fields: string, secret: string): string {
  return `${url}?p=${fields}|${createHash("sha1").update(fields + secret).digest("hex").toUpperCase()}`;
}

function offlineData(input: QrCodeInput) {
  const o = input.offline;
  if (!o) throw new DomainError(422, "schema_validation_failed", "Offline NFC-e (tpEmis 9) needs its issue date and total for the QR code");
  return o;
}

/** tpIdDest and idDest of the v3 offline QR: a foreign recipient's id is left empty (Manual do DANFE NFC-e v6.00). */
function recipientFields(recipient: { type: "CNPJ" | "CPF" | "FOREIGN"; value: string } | null | undefined): [string, string] {
  if (!recipient) return ["", ""];
  if (recipient.type === "FOREIGN") return ["3", ""];
  return [recipient.type === "CNPJ" ? "1" : "2", recipient.value];
}

export function nfceQrCode(input: QrCodeInput): string {
  const entry = nfceQrEntry(input.uf, input.environment);
  const version = input.version ?? entry.version;
  const tpAmb = input.environment === "PRODUCTION" ? "1" : "2";
  const offline = input.accessKey.charAt(34) === "9";
  if (version === 3) {
    if (!offline) return `${entry.url}?p=${input.accessKey}|3|${tpAmb}`;
    const o = offlineData(input);
    if (!o.privateKeyPem) throw new DomainError(422, "schema_validation_failed", "Offline NFC-e QR code version 3 is signed with the company's certificate");
    const [tpIdDest, idDest] = recipientFields(o.recipient);
    const fields = `${input.accessKey}|3|${tpAmb}|${o.issuedAt.slice(8, 10)}|${money(o.vNF)}|${tpIdDest}|${idDest}`;
    const signature = createSign("RSA-SHA1").update(fields).sign(o.privateKeyPem, "base64");
    return `${entry.url}?p=${fields}|${signature}`;
  }
  const csc = requireCsc(input);
  if (!offline) return withCscHash(entry.url, `${input.accessKey}|2|${tpAmb}|${Number(csc.id)}`, csc.secret);
  const o = offlineData(input);
  if (!o.digestValue) throw new DomainError(422, "schema_validation_failed", "Offline NFC-e QR code version 2 needs the DigestValue of the NFC-e signature");
  // digVal: the base64 DigestValue's characters as hexadecimal ASCII (56 hex digits for SHA-1).
  const digVal = Buffer.from(o.digestValue, "latin1").toString("hex");
  return withCscHash(entry.url, `${input.accessKey}|2|${tpAmb}|${o.issuedAt.slice(8, 10)}|${money(o.vNF)}|${digVal}|${Number(csc.id)}`, csc.secret);
}

/** infNFeSupl with qrCode and urlChave (TNFe: after infNFe, before Signature). */
export function buildInfNFeSupl(input: QrCodeInput): string {
  return `<infNFeSupl>${el("qrCode", nfceQrCode(input))}${el("urlChave", nfceUrlChave(input.uf, input.environment))}</infNFeSupl>`;
}
