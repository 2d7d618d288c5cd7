import { gunzipSync } from "node:zlib";
import { CANCELLATION_EVENT, cancellationRequestId, NFSE_NS } from "@/lib/fiscal/nfse";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { signXml, verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { el } from "@/lib/fiscal/xml/xml-text";
import { localTime, schemaDetail, type SimulatorContext } from "../simulator/context";
import { certificateHolder } from "../simulator/certificate-cnpj";
import { SIMULATOR_APP_VERSION } from "./build-nfse-xml";
import { reject, type Rejection } from "./rejections";
import { simulatorSigningCredentials } from "./signer";

// POST /nfse/{chave}/eventos: the cancellation e101101 (Anexo II). Schema
// errors answer RNG6110 as the real service does (OpenAC.Net.NFSe.Nacional#17);
// then signature, Id, environment, the NFS-e, the author, and the
// event-versus-event matrix: a cancelled NFS-e takes no further event (E0840).
// The municipal limits (E0822 period, E0823 value) are not simulated: the
// simulator's municipalities set none.

const ENVIRONMENT = 2;

export type Registered = { kind: "registered"; eventXml: string; dhProc: string };

function field(xml: string, tag: string): string | null {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
}

export async function receiveEvent(context: SimulatorContext, accessKey: string, body: unknown): Promise<Registered | Rejection> {
  const now = context.now();
  const data = body && typeof body === "object" ? (body as Record<string, unknown>).pedidoRegistroEventoXmlGZipB64 : undefined;
  let xml: string;
  try {
    if (typeof data !== "string" || data === "") throw new Error("absent");
    xml = gunzipSync(Buffer.from(data, "base64")).toString("utf8");
  } catch {
    return reject("RNG6110", "pedidoRegistroEventoXmlGZipB64 ausente ou inválido.");
  }
  const schema = checkXmlSchema(xml, "nfse/v1.01/pedRegEvento_v1.01.xsd");
  if (!schema.valid) return reject("RNG6110", schemaDetail(schema.errors));
  if (!/<Signature\b/.test(xml)) return reject("E1989");
  const signature = verifyXmlSignature(xml);
  if (!signature.valid) return reject("E1980", signature.reason);

  const key = field(xml, "chNFSe") ?? "";
  const id = /<infPedReg\b[^>]*\bId="([^"]*)"/.exec(xml)?.[1] ?? "";
  const isCancellation = xml.includes("<e101101>");
  if (!isCancellation) return reject("E1827", "O simulador registra apenas o evento e101101.");
  if (id !== cancellationRequestId(key) || key !== accessKey) return reject("E1827");
  if (field(xml, "tpAmb") !== String(ENVIRONMENT)) return reject("E1845");
  if (new Date(field(xml, "dhEvento") ?? "").getTime() > now.getTime() + 5 * 60 * 1000) return reject("E1843");
  const author = field(xml, "CNPJAutor") ?? field(xml, "CPFAutor") ?? "";
  if ((certificateHolder(signature.certificatePem) ?? "").slice(0, 8) !== author.slice(0, 8)) return reject("E0812");

  const nfse = await context.db.simulatorNfse.findUnique({ where: { environment_accessKey: { environment: ENVIRONMENT, accessKey: key } } });
  if (!nfse) return reject("E1831", undefined, 404);
  if (nfse.inscription.slice(0, 8) !== author.slice(0, 8)) return reject("E0813");
  if (nfse.status === "CANCELLED") return reject("E0840");

  const dhProc = localTime(now, key.slice(0, 2));
  const sequence = 1;
  const pedido = xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>/, "");
  const inf = el("verAplic", SIMULATOR_APP_VERSION) + el("ambGer", "2") + el("nSeqEvento", String(sequence)) + el("dhProc", dhProc) + el("nDFSe", String(nfse.nNFSe)) + pedido;
  const unsigned = `<?xml version="1.0" encoding="UTF-8"?><evento xmlns="${NFSE_NS}" versao="1.01"><infEvento Id="EVT${id.slice(3)}${String(sequence).padStart(3, "0")}">${inf}</infEvento></evento>`;
  const eventXml = signXml(unsigned, simulatorSigningCredentials(), { tag: "infEvento", nestedSignatures: true });
  // The status change and the event row together: a second cancellation sees CANCELLED (E0840).
  const updated = await context.db.$transaction(async (tx) => {
    const changed = await tx.simulatorNfse.updateMany({ where: { id: nfse.id, status: "AUTHORIZED" }, data: { status: "CANCELLED" } });
    if (changed.count === 0) return false;
    await tx.simulatorNfseEvent.create({ data: { nfseId: nfse.id, eventType: `e${CANCELLATION_EVENT}`, sequence, eventXml } });
    return true;
  });
  if (!updated) return reject("E0840");
  return { kind: "registered", eventXml, dhProc };
}
