import { randomInt, X509Certificate } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { buildDpsId, nfseAccessKey } from "@/lib/fiscal/nfse";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { localTime, schemaDetail, type SimulatorContext } from "../simulator/context";
import { certificateHolder } from "../simulator/certificate-cnpj";
import { buildNfseXml } from "./build-nfse-xml";
import { computeNfseValues } from "./compute-values";
import { dpsState, recordNfse, type DpsState } from "./nfse-store";
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
  const state = await dpsState(ENVIRONMENT, dps.id, dps.prest.cnpj ?? dps.prest.cpf ?? "", dps.prest.cnpj || null);
  if (state.issued) return reject("E0014");
  const later = checkDpsRules(dps, now);
  if (later) return later;
  return issue(dps, xml, signature.certificatePem, now, state);
}

async function issue(dps: ReceivedDps, dpsXml: string, certificatePem: string, now: Date, state: DpsState): Promise<Issued | Rejection> {
  const inscription = dps.prest.cnpj ?? dps.prest.cpf ?? "";
  const values = computeNfseValues(dps);
  const dhProc = localTime(now, dps.cLocEmi.slice(0, 2));
  const emitName = emitNameOf(certificatePem);
  const { cnc } = state;
  // nNFSe is sequential per issuer and never reused; a concurrent DPS of the same issuer that took the number makes this one retry.
  let nNFSe = state.nextNumber;
  for (let attempt = 0; attempt < 5; attempt++) {
    const accessKey = nfseAccessKey({
      municipality: dps.cLocEmi, ambGer: "2", tpInsc: dps.prest.cnpj ? "2" : "1", inscription, nNFSe,
      yearMonth: dhProc.slice(2, 4) + dhProc.slice(5, 7), cNum: String(randomInt(1, 999_999_999)),
    });
    const nfseXml = buildNfseXml({ accessKey, nNFSe, dhProc, dps, dpsXml, values, emitName, cnc });
    if (await recordNfse({ environment: ENVIRONMENT, dpsId: dps.id, accessKey, inscription, nNFSe, nfseXml, processedAt: now })) {
      return { kind: "issued", accessKey, nfseXml, dpsId: dps.id, dhProc };
    }
    const again = await dpsState(ENVIRONMENT, dps.id, inscription);
    // The same DPS won a race: a duplicate, as Sefin answers it.
    if (again.issued) return reject("E0014");
    nNFSe = again.nextNumber;
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
