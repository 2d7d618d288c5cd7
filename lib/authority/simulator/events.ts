import { checkXmlSchema, type XmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { child, extractElement, parseXml, text } from "../soap-response";
import { retEnvEvento, retEvento } from "./answers";
import { checkSigner, sameCnpjRoot } from "./certificate-cnpj";
import { isUniqueViolation, localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";
import { checkReformEvent, isReformEvent } from "@/lib/fiscal/nfe";
import { distributeIssuerEvent, distributeManifestation, distributeToIssuer, recipientOf } from "./distribution-items";
import { applyEventRules, EVENT_DESCRIPTIONS, isRefusal } from "./event-rules";
import { applyManifestationRules, isManifestation } from "./manifestation-rules";
import { newProtocolNumber } from "./protocol-number";
import { applyReformEventRules } from "./reform-event-rules";
import { isEpecRequest, receiveEpec } from "./epec";

// NFeRecepcaoEvento4 (MOC 4.0, item 4.8; NT 2020.007 for delivery receipts):
// envEvento with one event; 128 for the batch, the event's own cStat inside retEvento.

const SCHEMA_BY_EVENT: Record<string, XmlSchema> = {
  "110110": "nfe/envCCe_v1.00.xsd",
  "110111": "nfe/envEventoCancNFe_v1.00.xsd",
  "110112": "nfe/envEventoCancSubst_v1.00.xsd",
  "110130": "nfe/envEventoEntregaNFe_v1.00.xsd",
  "110131": "nfe/envEventoCancEntregaNFe_v1.00.xsd",
  // The recipient's manifestation (Ambiente Nacional): one schema for the four events.
  "210200": "nfe/envConfRecebto_v1.00.xsd",
  "210210": "nfe/envConfRecebto_v1.00.xsd",
  "210220": "nfe/envConfRecebto_v1.00.xsd",
  "210240": "nfe/envConfRecebto_v1.00.xsd",
};

/**
 * What a SEFAZ Virtual de Contingência receives (issue 50 item 6; SEFAZ-CE, *Modalidades de contingência*:
 * "CONSULTA CHAVE / CANCELAMENTO: … somente para as NF-e autorizadas pela própria SVC"; "CC-e: … NÃO será
 * disponibilizada nesse novo ambiente"): the cancellation of an NF-e it authorized (tpEmis 6/7 in the key).
 * Another key is not in its database (494); another event is not offered there (ours: 494 too, the SVC
 * holding no NF-e of the home authorizer's events; the real SVC's code for a CC-e was not found).
 */
function svcRefusal(authorizer: string | undefined, tpEvento: string, chNFe: string): { cStat: string; xMotivo: string } | null {
  if (authorizer !== "SVCAN" && authorizer !== "SVCRS") return null;
  const own = chNFe.charAt(34) === (authorizer === "SVCAN" ? "6" : "7");
  if (own && tpEvento === "110111") return null;
  return { cStat: "494", xMotivo: own ? "Rejeição: Chave de Acesso inexistente [evento não disponível na SVC: somente o cancelamento]" : "Rejeição: Chave de Acesso inexistente" };
}

export async function receiveEvent(context: SimulatorContext, payloadXml: string, options: { authorizer?: string } = {}): Promise<SimulatorAnswer> {
  // EPEC (110140) is registered before its NF-e exists: the Ambiente Nacional's own service (epec.ts).
  if (isEpecRequest(payloadXml)) return receiveEpec(context, payloadXml);
  const received = context.now();
  const envelope = child(parseXml(payloadXml), "envEvento");
  const info = child(child(envelope, "evento"), "infEvento");
  const detail = child(info, "detEvento");
  const tpEvento = text(info, "tpEvento");
  const chNFe = text(info, "chNFe");
  const cOrgao = text(info, "cOrgao") || chNFe.slice(0, 2) || "35";
  const tpAmb = text(info, "tpAmb") || "2";
  const nSeqEvento = text(info, "nSeqEvento");
  // The key's cUF gives the local time; the national environment (91) answers in Brasília time.
  const dhRegEvento = localTime(received, chNFe.slice(0, 2) || "53");
  const batch = (cStat: string, xMotivo: string, ret?: string) => ({
    answerXml: retEnvEvento({ idLote: text(envelope, "idLote") || "0", tpAmb, cOrgao, cStat, xMotivo, retEvento: ret }),
  });
  const refuse = (cStat: string, xMotivo: string) =>
    batch("128", "Lote de Evento Processado", retEvento({ tpAmb, cOrgao, cStat, xMotivo, chNFe, tpEvento, nSeqEvento, dhRegEvento }));

  const schema = checkXmlSchema(payloadXml, SCHEMA_BY_EVENT[tpEvento] ?? "nfe/envEvento_v1.00.xsd");
  if (!schema.valid) return batch("215", `Rejeição: Falha no schema XML [${schemaDetail(schema.errors)}]`);
  const eventXml = extractElement(payloadXml, "evento") ?? "";
  // The reform events' detEvento has its own schema (e<tpEvento>_v1.00.xsd), the envelope's being xs:any.
  const reform = isReformEvent(tpEvento);
  if (reform) {
    const detailSchema = checkReformEvent(eventXml, tpEvento);
    if (!detailSchema.valid) return batch("215", `Rejeição: Falha no schema XML [${schemaDetail(detailSchema.errors)}]`);
  }
  const signature = verifyXmlSignature(eventXml);
  if (!signature.valid) return refuse("297", "Rejeição: Assinatura difere do calculado");
  const author = text(info, "CNPJ");
  const signer = checkSigner(signature.certificatePem, author, received);
  if (signer) return refuse(signer.cStat, signer.reason);
  if (info?.["@_Id"] !== `ID${tpEvento}${chNFe}${nSeqEvento.padStart(2, "0")}`) {
    return refuse("572", "Rejeição: Erro Atributo ID do evento não corresponde a concatenação dos campos (“ID” + tpEvento + chNFe + nSeqEvento)");
  }

  // (Only events of the key's own state: 91 / 92 events go to the national environment and the SVRS.)
  const svc = cOrgao === chNFe.slice(0, 2) ? svcRefusal(options.authorizer, tpEvento, chNFe) : null;
  if (svc) return refuse(svc.cStat, svc.xMotivo);

  const environment = Number(tpAmb);
  try {
    return await context.db.$transaction(async (tx) => {
      const document = await tx.simulatorDocument.findUnique({ where: { environment_accessKey: { environment, accessKey: chNFe } } });
      if (!document) return refuse("494", "Rejeição: Chave de Acesso inexistente");
      const manifestation = isManifestation(tpEvento);
      if (!manifestation && !reform && !sameCnpjRoot(document.cnpj, author)) return refuse("574", "Rejeição: O autor do evento diverge do emissor da NF-e");
      // Events of one NF-e are decided one at a time (cancellation vs. delivery receipt).
      await tx.$executeRaw`SELECT 1 FROM "SimulatorDocument" WHERE id = ${document.id} FOR UPDATE`;
      const prior = await tx.simulatorEvent.findMany({ where: { documentId: document.id }, orderBy: { createdAt: "asc" }, select: { eventType: true, sequence: true, protocol: true, xml: true } });
      let effect: { status?: "CANCELLED"; deliveryReceipt?: boolean } = {};
      if (reform) {
        const refusal = applyReformEventRules(document, recipientOf(document.xml), prior, { tpEvento, author, cOrgao, detailXml: extractElement(eventXml, "detEvento") ?? "", nSeqEvento: Number(nSeqEvento) });
        if (refusal) return refuse(refusal.cStat, refusal.xMotivo);
      } else if (manifestation) {
        const refusal = applyManifestationRules(document, recipientOf(document.xml), prior, { tpEvento, author, cOrgao, justification: text(detail, "xJust") }, received);
        if (refusal) return refuse(refusal.cStat, refusal.xMotivo);
      } else {
        const chNFeRef = text(detail, "chNFeRef");
        const substitute = tpEvento === "110112" && chNFeRef ? await tx.simulatorDocument.findUnique({ where: { environment_accessKey: { environment, accessKey: chNFeRef } } }) : undefined;
        const outcome = applyEventRules(document, prior, { tpEvento, nSeqEvento: Number(nSeqEvento), detail: { nProt: text(detail, "nProt"), nProtEvento: text(detail, "nProtEvento"), substitute } }, received);
        if (isRefusal(outcome)) return refuse(outcome.cStat, outcome.xMotivo);
        effect = outcome;
      }
      const protocol = newProtocolNumber(cOrgao, received);
      const stored = { eventType: tpEvento, sequence: Number(nSeqEvento), protocol, xml: eventXml, createdAt: received };
      await tx.simulatorEvent.create({ data: { documentId: document.id, ...stored } });
      if (effect.status !== undefined || effect.deliveryReceipt !== undefined) {
        await tx.simulatorDocument.update({ where: { id: document.id }, data: { status: effect.status, deliveryReceipt: effect.deliveryReceipt } });
      }
      // The Ambiente Nacional's distribution (distribution-items.ts), in the event's own transaction.
      if (manifestation) await distributeManifestation(tx, document, stored, !prior.some((p) => isManifestation(p.eventType)));
      // A reform event goes to the other side: the issuer's to the NF-e's parties, the recipient's to the issuer.
      else if (reform && !sameCnpjRoot(document.cnpj, author)) await distributeToIssuer(tx, document, stored);
      else await distributeIssuerEvent(tx, document, stored);
      const xMotivo = "Evento registrado e vinculado a NF-e";
      return batch(
        "128",
        "Lote de Evento Processado",
        retEvento({ tpAmb, cOrgao, cStat: "135", xMotivo, chNFe, tpEvento, xEvento: EVENT_DESCRIPTIONS[tpEvento], nSeqEvento, dhRegEvento, nProt: protocol }),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("573", "Rejeição: Duplicidade de Evento");
    throw error;
  }
}
