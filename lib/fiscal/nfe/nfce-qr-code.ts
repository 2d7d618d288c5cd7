import { createHash, createSign } from "node:crypto";
import fs from "node:fs";
import { DomainError } from "@/lib/errors";
import { el } from "@/lib/fiscal/xml/xml-text";
import { referencePath } from "@/lib/fiscal/xml/reference-path";
import { money } from "./format";

// NFC-e QR code (infNFeSupl). The version each state expects comes from the
// NfeConsultaQR entries of wsnfe_4.00_mod65.xml (today: 300 in homologation,
// 200 in production, in every state), and urlChave from uri_consulta_nfce.json.
//  - v2 (NT 2015.002 v1.50+): online p = chave|2|tpAmb|idCSC|SHA-1(chave|2|tpAmb|idCSC + CSC).
//  - v3 (NT 2025.001): online p = chave|3|tpAmb, no CSC; offline (tpEmis 9)
//    p = chave|3|tpAmb|dd|vNF|tpIdDest|idDest|base64(RSA-SHA1 of the preceding fields) with the A1.

export type QrCodeVersion = 2 | 3;
type Environment = "PRODUCTION" | "HOMOLOGATION";
type QrEntry = { url: string; version: QrCodeVersion };

let qrTable: Map<string, QrEntry> | null = null;
let urlChaveTable: Record<"1" | "2", Record<string, string>> | null = null;

function loadQrTable(): Map<string, QrEntry> {
  if (qrTable) return qrTable;
  const xml = fs.readFileSync(referencePath("data", "sefaz", "wsnfe_4.00_mod65.xml"), "utf8");
  const table = new Map<string, QrEntry>();
  for (const uf of xml.matchAll(/<UF>\s*<sigla>([A-Z]{2})<\/sigla>([\s\S]*?)<\/UF>/g)) {
    for (const env of (uf[2] as string).matchAll(/<(homologacao|producao)>([\s\S]*?)<\/\1>/g)) {
      const qr = /<NfeConsultaQR[^>]*version="(\d+)"[^>]*>([^<]+)<\/NfeConsultaQR>/.exec(env[2] as string);
      if (!qr) continue;
      const environment: Environment = env[1] === "producao" ? "PRODUCTION" : "HOMOLOGATION";
      table.set(`${uf[1]}:${environment}`, { url: (qr[2] as string).trim(), version: qr[1] === "300" ? 3 : 2 });
    }
  }
  qrTable = table;
  return table;
}

/** The state's QR-code query URL and the QR version it expects. */
export function nfceQrEntry(uf: string, environment: Environment): QrEntry {
  const entry = loadQrTable().get(`${uf}:${environment}`);
  if (!entry) throw new DomainError(422, "fiscal_settings_incomplete", `No NFC-e QR-code URL for ${uf} in ${environment}`);
  return entry;
}

/** urlChave: the public query address printed on the DANFE NFC-e. */
export function nfceUrlChave(uf: string, environment: Environment): string {
  urlChaveTable ??= JSON.parse(fs.readFileSync(referencePath("data", "sefaz", "uri_consulta_nfce.json"), "utf8")) as Record<"1" | "2", Record<string, string>>;
  const url = urlChaveTable[environment === "PRODUCTION" ? "1" : "2"][uf];
  if (!url) throw new DomainError(422, "fiscal_settings_incomplete", `No NFC-e urlChave for ${uf} in ${environment}`);
  return url;
}

export type QrCodeInput = {
  accessKey: string;
  uf: string;
  environment: Environment;
  /** Override of the table's version (e.g. a state still on v2 in homologation). */
  version?: QrCodeVersion;
  /** CSC id and secret (required by v2). */
  csc?: { id: string; secret: string } | null;
  /** Offline contingency (tpEmis 9) data, v3 only. */
  offline?: {
    issuedAt: string; // dhEmi as printed
    vNF: string;
    recipient?: { type: "CNPJ" | "CPF" | "FOREIGN"; value: string } | null;
    privateKeyPem: string;
  } | null;
};

export function nfceQrCode(input: QrCodeInput): string {
  const entry = nfceQrEntry(input.uf, input.environment);
  const version = input.version ?? entry.version;
  const tpAmb = input.environment === "PRODUCTION" ? "1" : "2";
  const offline = input.accessKey.charAt(34) === "9";
  if (version === 3) {
    if (!offline) return `${entry.url}?p=${input.accessKey}|3|${tpAmb}`;
    const o = input.offline;
    if (!o) throw new DomainError(422, "schema_validation_failed", "Offline NFC-e (tpEmis 9) needs the issue data and the private key for the v3 QR code");
    const tpIdDest = !o.recipient ? "" : o.recipient.type === "CNPJ" ? "1" : o.recipient.type === "CPF" ? "2" : "3";
    const fields = `${input.accessKey}|3|${tpAmb}|${o.issuedAt.slice(8, 10)}|${money(o.vNF)}|${tpIdDest}|${o.recipient?.value ?? ""}`;
    const signature = createSign("RSA-SHA1").update(fields).sign(o.privateKeyPem, "base64");
    return `${entry.url}?p=${fields}|${signature}`;
  }
  if (offline) throw new DomainError(422, "schema_validation_failed", "Offline NFC-e QR code version 2 is not supported; use version 3");
  const csc = input.csc;
  if (!csc?.id || !csc.secret) throw new DomainError(422, "csc_missing", "The NFC-e QR code version 2 needs the company's CSC (id and token)");
  const fields = `${input.accessKey}|2|${tpAmb}|${Number(csc.id)}`;
  const hash = createHash("sha1").update(fields + csc.secret).digest("hex").toUpperCase();
  return `${entry.url}?p=${fields}|${hash}`;
}

/** infNFeSupl with qrCode and urlChave (TNFe: after infNFe, before Signature). */
export function buildInfNFeSupl(input: QrCodeInput): string {
  return `<infNFeSupl>${el("qrCode", nfceQrCode(input))}${el("urlChave", nfceUrlChave(input.uf, input.environment))}</infNFeSupl>`;
}
