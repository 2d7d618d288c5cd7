import { randomInt, X509Certificate } from "node:crypto";
import { gunzipSync } from "node:zlib";
import type pg from "pg";
import { getPool } from "@/lib/db/client";
import { buildDpsId, nfseAccessKey } from "@/lib/fiscal/nfse";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { localTime, schemaDetail, type SimulatorContext } from "../simulator/context";
import { certificateHolder } from "../simulator/certificate-cnpj";
import { buildNfseXml } from "./build-nfse-xml";
import { computeNfseValues } from "./compute-values";
import { dpsState, recordNfse } from "./nfse-store";
import { nfseNumbersFor } from "./nfse-numbers";
import { cncCopy, keepCncCopy } from "./cnc-copy";
import type { CncContributor } from "./cnc-register";
import { checkDpsRules } from "./dps-rules";
import { readDps, type ReceivedDps } from "./read-dps";
import { reject, type Rejection } from "./rejections";

// POST /nfse of the simulator (issue 14, item 5). Checks in the order of Anexo
// I (RN recepção, then RN DPS/NFS-e), each answering its official code and
// text; the first failing rule answers (observed Sefin answers carry one error).

const ENVIRONMENT = 2; // produção restrita: the simulator never generates a production NFS-e

export type Issued = { kind: "issued"; accessKey: string; nfseXml: string; dpsId: string; dhProc: string };

function decode(body: unknown): { xml: string } | Rejection {
  const data = body && typeof body === "object" ? (body as Record<string, unknown>).dpsXmlGZipB64 : undefined;
  if (typeof data !== "string" || data === "") return reject("E1235", "dpsXmlGZipB64 ausente.");
  try {
    return { xml: gunzipSync(Buffer.from(data, "base64")).toString("utf8") };
  } catch {
    return reject("E1235", "dpsXmlGZipB64 não é um conteúdo GZip em Base64.");
  }
}

/** Signer, Id and environment, before the duplicate check (Anexo I, rows 63-64). */
function identityRules(dps: ReceivedDps, signerCnpj: string | null): Rejection | null {
  const inscription = dps.prest.cnpj ?? dps.prest.cpf ?? "";
  if (signerCnpj === null || signerCnpj.slice(0, 8) !== inscription.slice(0, 8)) return reject("E0718");
  const expectedId = buildDpsId({ issuingMunicipality: dps.cLocEmi, cnpj: dps.prest.cnpj, cpf: dps.prest.cpf, series: Number(dps.serie), number: Number(dps.nDPS) });
  if (dps.id !== expectedId) return reject("E0004", `Esperado ${expectedId}.`);
  if (dps.tpAmb !== String(ENVIRONMENT)) return reject("E0006");
  return null;
}

export async function receiveDps(context: SimulatorContext, body: unknown): Promise<Issued | Rejection> {
  const now = context.now();
  const decoded = decode(body);
  if ("code" in decoded) return decoded;
  const { xml } = decoded;
  // MAN-INT §6.1.1: UTF-8 without BOM, no namespace prefixes, no formatting between tags.
  if (xml.startsWith("\uFEFF")) return reject("E1235", "O XML não deve conter BOM (Byte Order Mark).");
  if (/<\w+:\w+[\s>]/.test(xml)) return reject("E1235", "O XML não deve conter prefixos de namespace.");
  const schema = checkXmlSchema(xml, "nfse/v1.01/DPS_v1.01.xsd");
  if (!schema.valid) return reject("E1235", schemaDetail(schema.errors));
  if (!/<Signature\b/.test(xml)) return reject("E0717");
  if (/>\s+</.test(xml)) return reject("E0714", "O XML contém caracteres de formatação entre as tags.");
  const signature = verifyXmlSignature(xml);
  if (!signature.valid) return reject("E0714", signature.reason);

  const dps = readDps(xml);
  const refused = identityRules(dps, certificateHolder(signature.certificatePem));
  if (refused) return refused;
  const pool = getPool();
  const later = checkDpsRules(dps, now);
  if (later) {
    // E0014 comes before the later rules (Anexo I): an issued DPS answers it whatever else is wrong.
    const state = await dpsState(ENVIRONMENT, dps.id, inscriptionOf(dps), null, pool);
    return state.issued ? reject("E0014") : later;
  }
  return issue(pool, dps, xml, signature.certificatePem, now);
}

const inscriptionOf = (dps: ReceivedDps) => dps.prest.cnpj ?? dps.prest.cpf ?? "";

/** The provider's CNC record, and its issuer's counter seeded; E0014 when that read finds the DPS issued. */
async function knowIssuer(pool: pg.Pool, dps: ReceivedDps): Promise<{ cnc: CncContributor | null } | Rejection> {
  const inscription = inscriptionOf(dps);
  const cnpj = dps.prest.cnpj || null;
  const numbers = nfseNumbersFor(pool);
  const copy = cnpj ? cncCopy(pool, cnpj) : null;
  if (copy !== undefined && numbers.knows(ENVIRONMENT, inscription)) return { cnc: copy };
  const state = await dpsState(ENVIRONMENT, dps.id, inscription, cnpj, pool);
  if (state.issued) return reject("E0014");
  numbers.seed(ENVIRONMENT, inscription, state.nextNumber);
  if (cnpj) keepCncCopy(pool, cnpj, state.cnc);
  return { cnc: state.cnc };
}

async function issue(pool: pg.Pool, dps: ReceivedDps, dpsXml: string, certificatePem: string, now: Date): Promise<Issued | Rejection> {
  const known = await knowIssuer(pool, dps);
  if ("code" in known) return known;
  const inscription = inscriptionOf(dps);
  const values = computeNfseValues(dps);
  const dhProc = localTime(now, dps.cLocEmi.slice(0, 2));
  const emitName = emitNameOf(certificatePem);
  const numbers = nfseNumbersFor(pool);
  for (let attempt = 0; attempt < 5; attempt++) {
    const nNFSe = numbers.take(ENVIRONMENT, inscription);
    const accessKey = nfseAccessKey({
      municipality: dps.cLocEmi, ambGer: "2", tpInsc: dps.prest.cnpj ? "2" : "1", inscription, nNFSe,
      yearMonth: dhProc.slice(2, 4) + dhProc.slice(5, 7), cNum: String(randomInt(1, 999_999_999)),
    });
    const nfseXml = buildNfseXml({ accessKey, nNFSe, dhProc, dps, dpsXml, values, emitName, cnc: known.cnc });
    let recorded: boolean;
    try {
      recorded = await recordNfse({ environment: ENVIRONMENT, dpsId: dps.id, accessKey, inscription, nNFSe, nfseXml, processedAt: now }, pool);
    } catch (error) {
      numbers.giveBack(ENVIRONMENT, inscription, nNFSe);
      throw error;
    }
    if (recorded) return { kind: "issued", accessKey, nfseXml, dpsId: dps.id, dhProc };
    numbers.giveBack(ENVIRONMENT, inscription, nNFSe);
    const again = await dpsState(ENVIRONMENT, dps.id, inscription, null, pool);
    // The same DPS was issued (a resend, or a race): a duplicate, as Sefin answers it.
    if (again.issued) return reject("E0014");
    // Another process numbered this issuer meanwhile.
    numbers.skipTo(ENVIRONMENT, inscription, again.nextNumber);
  }
  throw new Error("Could not allocate an nNFSe after 5 attempts");
}

// Every DPS of an issuer carries the same certificate: its name is read once.
const emitNames = new Map<string, string>();

/** emit/xNome: the certificate's CN before ":CNPJ" (the simulator has no CNC). */
function emitNameOf(pem: string): string {
  let name = emitNames.get(pem);
  if (name === undefined) {
    let subject = "";
    try {
      // "CN=EMPRESA:CNPJ\nO=…" → one line.
      subject = new X509Certificate(pem).subject.replace(/\n/g, ",");
    } catch {
      subject = "";
    }
    name = /CN=([^:,/]+)/.exec(subject)?.[1]?.trim() || "Prestador";
    if (emitNames.size >= 1_000) emitNames.delete(emitNames.keys().next().value!);
    emitNames.set(pem, name);
  }
  return name;
}
