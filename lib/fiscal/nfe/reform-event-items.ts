import Decimal from "decimal.js";
import type { ReformEventCode } from "./build-reform-event";

// The item rules of the reform events (NT 2025.002-RTC v1.31, 8.4.3 … 8.9.3):
// each nItem must exist in the NF-e (2P24-10, 1096); for 211120, 211130,
// 211140 and 211150 the event's IBS and CBS cannot exceed the item's
// (2P25-10 1097, 2P26-10 1098) and, when the unit is the item's uCom, the
// quantity cannot exceed qCom (1099, 1100, 1101). Shared by our check before
// sending and by the simulator, which refuses with the same codes.

export type ReformEventItemValues = { nItem: number; vIBS: string; vCBS: string; quantity?: string; unit?: string };
export type ReformItemRefusal = { cStat: string; xMotivo: string };

type NfeItem = { qCom: string; uCom: string; vIBS: string; vCBS: string };

const tagText = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? "";
const inner = (xml: string, name: string) => new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? "";

/** The NF-e's items by nItem: det/prod qCom and uCom, gIBSCBS/vIBS and gIBSCBS/gCBS/vCBS ("0" when the item has none). */
export function nfeItemsForReformEvents(nfeXml: string): Map<number, NfeItem> {
  const items = new Map<number, NfeItem>();
  for (const match of nfeXml.matchAll(/<det nItem="(\d+)">([\s\S]*?)<\/det>/g)) {
    const det = match[2]!;
    const ibscbs = inner(det, "gIBSCBS");
    items.set(Number(match[1]), { qCom: tagText(det, "qCom"), uCom: tagText(det, "uCom"), vIBS: tagText(ibscbs, "vIBS") || "0", vCBS: tagText(inner(ibscbs, "gCBS"), "vCBS") || "0" });
  }
  return items;
}

const QUANTITY_REFUSAL: Partial<Record<ReformEventCode, ReformItemRefusal>> = {
  "211120": { cStat: "1099", xMotivo: "Rejeição: A quantidade de consumo não pode ser maior que a quantidade do respectivo item na NFe (qCom)" },
  "211130": { cStat: "1100", xMotivo: "Rejeição: A quantidade de consumo não pode ser maior que a quantidade do respectivo item na NFe (qCom)" },
  "211140": { cStat: "1101", xMotivo: "Rejeição: A quantidade do item a ser imobilizado não pode ser maior que a quantidade do respectivo item na NFe (qCom)" },
};
const VALUE_CHECKED = new Set<ReformEventCode>(["211120", "211130", "211140", "211150"]);

export function checkReformEventItems(nfeXml: string, tpEvento: ReformEventCode, eventItems: ReformEventItemValues[]): ReformItemRefusal | null {
  const items = nfeItemsForReformEvents(nfeXml);
  for (const item of eventItems) {
    const nfe = items.get(item.nItem);
    if (!nfe) return { cStat: "1096", xMotivo: `Rejeição: Número de item não existe na NFe [nItem: ${item.nItem}]` };
    if (!VALUE_CHECKED.has(tpEvento)) continue;
    if (new Decimal(item.vIBS || 0).greaterThan(nfe.vIBS)) return { cStat: "1097", xMotivo: "Rejeição: O valor do IBS do item não pode ser maior que o valor do IBS do respectivo item na NFe." };
    if (new Decimal(item.vCBS || 0).greaterThan(nfe.vCBS)) return { cStat: "1098", xMotivo: "Rejeição: O valor da CBS do item não pode ser maior que o valor da CBS do respectivo item na NFe." };
    const quantityRefusal = QUANTITY_REFUSAL[tpEvento];
    if (quantityRefusal && item.unit === nfe.uCom && nfe.qCom && new Decimal(item.quantity || 0).greaterThan(nfe.qCom)) return quantityRefusal;
  }
  return null;
}
