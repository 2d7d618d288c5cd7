import { randomInt } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { isValidCnpj, isValidCpf, STATES } from "@/lib/br";
import { buildDpsId, nationalServiceDescription, nfseAccessKey } from "@/lib/fiscal/nfse";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { localTime, schemaDetail, type SimulatorContext } from "../simulator/context";
import { buildNfseXml } from "./build-nfse-xml";
import { computeNfseValues } from "./compute-values";
import { duplicateAndNextNumber, recordNfse, SIMULATOR_ENVIRONMENT } from "./nfse-store";
import { readDps, type ReceivedDps } from "./read-dps";
import { reject, type Rejection } from "./rejections";
import { signerIdentity, type SignerIdentity } from "./signer-identity";

// POST /nfse of the simulator (issue 14, item 5). Checks in the order of Anexo
// I (RN recepção, then RN DPS/NFS-e), each answering its official code and
// text; the first failing rule answers (observed Sefin answers carry one error).

const ENVIRONMENT = SIMULATOR_ENVIRONMENT; // produção restrita: the simulator never generates a production NFS-e
const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

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

function isMunicipality(code: string | null): boolean {
  return code === "0000000" || (!!code && /^\d{7}$/.test(code) && STATES.some((s) => s.cUF === code.slice(0, 2)));
}

/** The DPS rules after the signature, in Anexo I order. */
function businessRules(dps: ReceivedDps, signerCnpj: string | null): Rejection | null {
  const inscription = dps.prest.cnpj ?? dps.prest.cpf ?? "";
  if (signerCnpj === null || signerCnpj.slice(0, 8) !== inscription.slice(0, 8)) return reject("E0718");
  const expectedId = buildDpsId({ issuingMunicipality: dps.cLocEmi, cnpj: dps.prest.cnpj, cpf: dps.prest.cpf, series: Number(dps.serie), number: Number(dps.nDPS) });
  if (dps.id !== expectedId) return reject("E0004", `Esperado ${expectedId}.`);
  if (dps.tpAmb !== String(ENVIRONMENT)) return reject("E0006");
  return null;
}

function dateAndPartyRules(dps: ReceivedDps, now: Date): Rejection | null {
  const issuedAt = new Date(dps.dhEmi);
  if (issuedAt.getTime() > now.getTime() + CLOCK_TOLERANCE_MS) return reject("E0008");
  if (dps.dCompet > dps.dhEmi.slice(0, 10)) return reject("E0015");
  if (dps.prest.cnpj && !isValidCnpj(dps.prest.cnpj)) return reject("E0080");
  if (dps.toma?.cnpj && !isValidCnpj(dps.toma.cnpj)) return reject("E0188");
  if (dps.toma?.cpf && !isValidCpf(dps.toma.cpf)) return reject("E0206");
  // The CNPJ root counts: any establishment of the provider is the provider.
  if (dps.toma?.cnpj && dps.prest.cnpj && dps.toma.cnpj.slice(0, 8) === dps.prest.cnpj.slice(0, 8)) return reject("E0202");
  if (dps.tpRetISSQN !== "1" && !dps.toma?.cnpj && !dps.toma?.cpf) return reject("E0204");
  return null;
}

function serviceAndIssRules(dps: ReceivedDps): Rejection | null {
  if (dps.cLocPrestacao !== null && !isMunicipality(dps.cLocPrestacao)) return reject("E0302");
  if (!nationalServiceDescription(dps.cTribNac)) return reject("E0310");
  const { opSimpNac, regApTribSN } = dps.prest;
  const simplesIss = opSimpNac === "3" && regApTribSN === "1";
  if (dps.pAliq !== null && Number(dps.pAliq) > 5) return reject("E0595");
  if (opSimpNac === "1" && dps.pAliq !== null) return reject("E0617");
  if (simplesIss && dps.tpRetISSQN !== "1" && dps.pAliq === null) return reject("E0621");
  if (simplesIss && dps.tpRetISSQN === "1" && dps.pAliq !== null) return reject("E0625");
  if (opSimpNac === "3" && dps.indTotTrib !== null) return reject("E0712");
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
  const signer = signerIdentity(signature.certificatePem);
  const refused = businessRules(dps, signer.cnpj);
  if (refused) return refused;
  const inscription = dps.prest.cnpj ?? dps.prest.cpf ?? "";
  // E0014 and the issuer's next nNFSe in one statement; the duplicate answers before the later rules (Anexo I order).
  const known = await duplicateAndNextNumber(dps.id, inscription);
  if (known.duplicate) return reject("E0014");
  const later = dateAndPartyRules(dps, now) ?? serviceAndIssRules(dps);
  if (later) return later;
  return issue(dps, xml, signer, known.nextNumber, now);
}

async function issue(dps: ReceivedDps, dpsXml: string, signer: SignerIdentity, firstNumber: number, now: Date): Promise<Issued | Rejection> {
  const inscription = dps.prest.cnpj ?? dps.prest.cpf ?? "";
  const values = computeNfseValues(dps);
  const dhProc = localTime(now, dps.cLocEmi.slice(0, 2));
  // nNFSe is sequential per issuer and never reused; a concurrent issue of the same number retries with the next.
  let nNFSe = firstNumber;
  for (let attempt = 0; attempt < 5; attempt++) {
    const accessKey = nfseAccessKey({
      municipality: dps.cLocEmi, ambGer: "2", tpInsc: dps.prest.cnpj ? "2" : "1", inscription, nNFSe,
      yearMonth: dhProc.slice(2, 4) + dhProc.slice(5, 7), cNum: String(randomInt(1, 999_999_999)),
    });
    const nfseXml = buildNfseXml({ accessKey, nNFSe, dhProc, dps, dpsXml, values, emitName: signer.name });
    if (await recordNfse({ dpsId: dps.id, accessKey, inscription, nNFSe, nfseXml, processedAt: now })) return { kind: "issued", accessKey, nfseXml, dpsId: dps.id, dhProc };
    // Not recorded: the same DPS won a race (a duplicate, as Sefin answers it), or another DPS took the number.
    const known = await duplicateAndNextNumber(dps.id, inscription);
    if (known.duplicate) return reject("E0014");
    nNFSe = known.nextNumber;
  }
  throw new Error("Could not allocate an nNFSe after 5 attempts");
}
