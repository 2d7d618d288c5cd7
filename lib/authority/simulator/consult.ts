import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { child, parseXml, text } from "../soap-response";
import { NFE_NS, retConsSitNFe, retEvento } from "./answers";
import { EVENT_DESCRIPTIONS } from "./event-rules";
import { localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";
import { denialReason } from "./denials";
import { protocolOf } from "./stored-protocol";

// NFeConsultaProtocolo4 (MOC 4.0, item 4.5): 100 with the original protNFe,
// 101 for a cancelled NF-e (still with its protNFe), the denial's cStat (110,
// 301, 302, 303) with its protNFe for a denied one, 217 when unknown.
// `withoutProtocol` (fault rule consult_without_protnfe) answers as SEFAZ-PR did in 2024
// (sped-nfe issue #1087): the same cStat and xMotivo at the top, no protNFe, no events.
export async function consult(context: SimulatorContext, payloadXml: string, options: { withoutProtocol?: boolean } = {}): Promise<SimulatorAnswer> {
  const message = child(parseXml(payloadXml), "consSitNFe");
  const tpAmb = text(message, "tpAmb") || "2";
  const chNFe = text(message, "chNFe");
  const cUF = chNFe.slice(0, 2) || "35";
  const common = { tpAmb, cUF, chNFe, dhRecbto: localTime(context.now(), cUF) };
  const schema = checkXmlSchema(payloadXml, "nfe/consSitNFe_v4.00.xsd");
  if (!schema.valid) return { answerXml: retConsSitNFe({ ...common, cStat: "215", xMotivo: `Rejeição: Falha no schema XML [${schemaDetail(schema.errors)}]` }) };

  const document = await context.db.simulatorDocument.findUnique({ where: { environment_accessKey: { environment: Number(tpAmb), accessKey: chNFe } } });
  if (!document) return { answerXml: retConsSitNFe({ ...common, cStat: "217", xMotivo: "Rejeição: NF-e não consta na base de dados da SEFAZ" }) };
  const cancelled = document.status === "CANCELLED";
  const { denialCStat } = document;
  // The registered events follow, each as procEventoNFe (the signed evento with its retEvento), as SEFAZ answers.
  const events = await context.db.simulatorEvent.findMany({ where: { documentId: document.id, xml: { not: null } }, orderBy: { createdAt: "asc" } });
  const procEventos = events.map((event) => {
    const cOrgao = /<(?:\w+:)?cOrgao>(\d+)</.exec(event.xml!)?.[1] ?? cUF;
    const ret = retEvento({
      tpAmb, cOrgao, cStat: "135", xMotivo: "Evento registrado e vinculado a NF-e", chNFe, tpEvento: event.eventType, xEvento: EVENT_DESCRIPTIONS[event.eventType],
      nSeqEvento: String(event.sequence), dhRegEvento: localTime(event.createdAt, cUF), nProt: event.protocol,
    });
    return `<procEventoNFe xmlns="${NFE_NS}" versao="1.00">${event.xml}${ret}</procEventoNFe>`;
  });
  const top = {
    cStat: denialCStat ?? (cancelled ? "101" : "100"),
    xMotivo: denialCStat ? denialReason(denialCStat) : cancelled ? "Cancelamento de NF-e homologado" : "Autorizado o uso da NF-e",
  };
  if (options.withoutProtocol) return { answerXml: retConsSitNFe({ ...common, ...top }) };
  return {
    answerXml: retConsSitNFe({
      ...common,
      ...top,
      protNFe: protocolOf({ tpAmb, accessKey: document.accessKey, protocol: document.protocol, digestValue: document.digestValue, receivedAt: document.receivedAt, denialCStat }),
      procEventoNFe: procEventos.join(""),
    }),
  };
}
