import type { SimulatorDocument } from "@prisma/client";
import { isReformEvent, type ReformEventCode } from "@/lib/fiscal/nfe/build-reform-event";
import { checkReformEventItems } from "@/lib/fiscal/nfe/reform-event-items";
import { sameCnpjRoot } from "./certificate-cnpj";
import { DENIED_IN_DATABASE } from "./denials";
import type { Refusal } from "./event-rules";
import { block } from "./xml-fields";

// The tax reform's IBS/CBS events as the SVRS registers them (NT 2025.002-RTC
// v1.31, item 8): NF-e model 55 only; received by the SVRS (8.1, cOrgao 92);
// the author of each event (8.1's table: issuer for 112xxx, recipient for
// 2111xx, 211120 the issuer on an import NF-e, 2P12-20/30 466; 2P21-10 575,
// 2P21-30 574); the items named exist in the NF-e (2P24-10 1096) with values
// no greater than the item's IBS/CBS (2P25-10 1097, 2P26-10 1098) and, in the
// same unit, quantities no greater than qCom (2P28-10 1099, 2P29-10 1100,
// 2P28-10 of 8.8 1101); 110001 (8.14.3) cancels an event of the same author
// and organ with its protocol (1P06-10 459, 1P10-10 1113, 1P20-10 1178,
// 1P24-10 460). The NT sets no deadline for these events.

export const REFORM_EVENT_ORGAO = "92";

type Prior = { eventType: string; sequence: number; protocol: string; xml: string | null }[];
export type ReformEventRequest = { tpEvento: ReformEventCode; author: string; cOrgao: string; detailXml: string; nSeqEvento: number };

const tag = (xml: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)<`).exec(xml)?.[1] ?? "";

/** Item groups of the event: nItem, vIBS/vCBS (or the 211150 credits), and the quantity and unit of gControleEstoque. */
function eventItems(detailXml: string): Array<{ nItem: number; vIBS: string; vCBS: string; quantity: string; unit: string }> {
  const groups = [...detailXml.matchAll(/<(gConsumo|gPerecimento|gItemNaoFornecido|gImobilizacao|gConsumoComb|gCredito|gCredPres) nItem="(\d+)">([\s\S]*?)<\/\1>/g)];
  return groups.map((g) => {
    const body = g[3]!;
    const stock = /<gControleEstoque>([\s\S]*?)<\/gControleEstoque>/.exec(body)?.[1] ?? "";
    const values = /^<vIBS>([^<]*)<\/vIBS><vCBS>([^<]*)<\/vCBS>/.exec(body) ?? /^<vCredIBS>([^<]*)<\/vCredIBS><vCredCBS>([^<]*)<\/vCredCBS>/.exec(body);
    const [quantity, unit] = [...stock.matchAll(/<\w+>([^<]*)<\/\w+>/g)].map((m) => m[1]!);
    return { nItem: Number(g[2]), vIBS: values?.[1] ?? "", vCBS: values?.[2] ?? "", quantity: quantity ?? "", unit: unit ?? "" };
  });
}

function itemRefusal(document: SimulatorDocument, event: ReformEventRequest): Refusal | null {
  return checkReformEventItems(document.xml ?? "", event.tpEvento, eventItems(event.detailXml));
}

/** Who may author the event: the issuer (574) or the recipient (575), by the NT's table and tpAutor. */
function authorRefusal(document: SimulatorDocument, recipient: string, event: ReformEventRequest): Refusal | null {
  const tpAutor = tag(event.detailXml, "tpAutor");
  const byIssuer = event.tpEvento.startsWith("112") || (event.tpEvento === "211120" && tpAutor === "1");
  if (event.tpEvento === "211120") {
    // 2P12-20/30: an import NF-e (tpNF 0 issued by the importer) takes tpAutor 1, any other 2.
    const importation = tag(document.xml ?? "", "tpNF") === "0" && tag(block(document.xml ?? "", "dest"), "cPais") !== "" && tag(block(document.xml ?? "", "dest"), "cPais") !== "1058";
    if (importation !== (tpAutor === "1")) return { cStat: "466", xMotivo: "Rejeição: Evento com Tipo de Autor incompatível" };
  }
  if (byIssuer) {
    // 211120 accepts the base CNPJ (8 digits), 2P21-30's note; the issuer's events its exact CNPJ root as every NF-e event.
    if (!sameCnpjRoot(document.cnpj, event.author)) return { cStat: "574", xMotivo: "Rejeição: O autor do evento diverge do emissor da NF-e" };
    return null;
  }
  const sameRecipient = event.tpEvento === "211120" ? recipient !== "" && sameCnpjRoot(recipient, event.author) : recipient === event.author;
  if (!sameRecipient) return { cStat: "575", xMotivo: "Rejeição: Autor do evento diverge do destinatário da NF-e" };
  return null;
}

function cancellationRefusal(prior: Prior, event: ReformEventRequest): Refusal | null {
  const cancelledType = tag(event.detailXml, "tpEventoAut");
  // 1P06-10: the event to cancel, by its type and (P15) the nSeqEvento this cancellation carries.
  const target = prior.find((p) => p.eventType === cancelledType && p.sequence === event.nSeqEvento);
  if (!target || !isReformEvent(cancelledType)) return { cStat: "459", xMotivo: "Rejeição: Cancelamento de Evento inexistente" };
  const targetXml = target.xml ?? "";
  if (tag(targetXml, "CNPJ") !== event.author) return { cStat: "1113", xMotivo: "Rejeição: Autor do Evento de Cancelamento diverge do Autor do Evento a ser cancelado" };
  if (tag(targetXml, "cOrgaoAutor") !== tag(event.detailXml, "cOrgaoAutor")) {
    return { cStat: "1178", xMotivo: "Rejeição: Órgão do Autor do Evento de Cancelamento diverge do órgão do Autor do Evento a ser cancelado" };
  }
  if (tag(event.detailXml, "nProtEvento") !== target.protocol) return { cStat: "460", xMotivo: "Rejeição: Protocolo do Evento difere do cadastrado" };
  return null;
}

export function applyReformEventRules(document: SimulatorDocument, recipient: string, prior: Prior, event: ReformEventRequest): Refusal | null {
  if (event.cOrgao !== REFORM_EVENT_ORGAO) return { cStat: "489", xMotivo: "Rejeição: Evento da Reforma Tributária deve ser enviado à SVRS (cOrgao 92)" };
  if (document.model !== 55) return { cStat: "491", xMotivo: "Rejeição: O tpEvento informado é inválido para NFC-e" };
  if (document.status === "DENIED") return { ...DENIED_IN_DATABASE };
  if (prior.some((p) => p.eventType === event.tpEvento && p.sequence === event.nSeqEvento)) return { cStat: "573", xMotivo: "Rejeição: Duplicidade de Evento" };
  if (event.tpEvento === "110001") return cancellationRefusal(prior, event);
  // 212110/212120 are the successor's: the simulator keeps no successions, so none is a successor here.
  if (event.tpEvento === "212110" || event.tpEvento === "212120") return { cStat: "575", xMotivo: "Rejeição: Autor do evento não é sucessora da empresa sucedida" };
  return authorRefusal(document, recipient, event) ?? itemRefusal(document, event);
}
