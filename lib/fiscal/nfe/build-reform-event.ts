import { el, fiscalText } from "@/lib/fiscal/xml/xml-text";
import { money, percent, quantity, type DecimalInput } from "./format";

// The IBS/CBS events of the tax reform (NT 2025.002-RTC, v1.30, item 6 "Eventos"
// and Anexo "Leiautes dos eventos"; schemas e110001 and e112110 … e212120 of
// PL_010_V1.30): what goes inside <detEvento> for each tpEvento. Every one
// carries cOrgaoAutor (the author's state), tpAutor and verAplic after
// descEvento; the item groups carry nItem, the "det" of the NF-e they refer to.
// descEvento is the exact text each schema enumerates (accents included).

/** A quantity of an item of the NF-e with its IBS and CBS (gControleEstoque: quantity and unit). */
export type ReformItemQuantity = { nItem: number; vIBS: DecimalInput; vCBS: DecimalInput; quantity: DecimalInput; unit: string };
/** 211110: gIBS / gCBS of gCredPres (cCredPres from the presumed-credit table, pCredPres, vCredPres). */
export type PresumedCredit = { code: string; rate: DecimalInput; amount: DecimalInput };

export type ReformEventDetail =
  | { tpEvento: "112110" }
  | { tpEvento: "112120"; items: ReformItemQuantity[] }
  | { tpEvento: "112130"; items: Array<ReformItemQuantity & { creditIBS: DecimalInput; creditCBS: DecimalInput }> }
  | { tpEvento: "112140"; items: ReformItemQuantity[] }
  | { tpEvento: "112150"; expectedDeliveryDate: string }
  | { tpEvento: "211110"; items: Array<{ nItem: number; vBC: DecimalInput; ibs?: PresumedCredit | null; cbs?: PresumedCredit | null }> }
  | { tpEvento: "211120"; importation?: boolean; items: Array<ReformItemQuantity & { referencedKey: string; referencedItem: number }> }
  | { tpEvento: "211124"; items: ReformItemQuantity[] }
  | { tpEvento: "211128"; accepted: boolean }
  | { tpEvento: "211130"; items: ReformItemQuantity[] }
  | { tpEvento: "211140"; items: ReformItemQuantity[] }
  | { tpEvento: "211150"; items: Array<{ nItem: number; creditIBS: DecimalInput; creditCBS: DecimalInput }> }
  | { tpEvento: "212110"; accepted: boolean }
  | { tpEvento: "212120"; accepted: boolean }
  /** Cancelamento de Evento: the registered event (its tpEvento and protocol) that the same author withdraws. */
  | { tpEvento: "110001"; cancelledEventType: ReformEventType; eventProtocol: string };

export type ReformEventType = Exclude<ReformEventDetail["tpEvento"], "110001">;
export type ReformEventCode = ReformEventDetail["tpEvento"];

/** What every reform event adds to the common fields: the author's state (cOrgaoAutor) and verAplic. */
export type ReformEventAuthor = { authorStateCode: string; applicationVersion: string };

export const REFORM_EVENT_CODES = [
  "112110", "112120", "112130", "112140", "112150",
  "211110", "211120", "211124", "211128", "211130", "211140", "211150",
  "212110", "212120", "110001",
] as const satisfies readonly ReformEventCode[];

export function isReformEvent(tpEvento: string): tpEvento is ReformEventCode {
  return (REFORM_EVENT_CODES as readonly string[]).includes(tpEvento);
}

/** descEvento of each schema (its single enumeration). */
export const REFORM_EVENT_DESCRIPTIONS: Record<ReformEventCode, string> = {
  "110001": "Cancelamento de Evento",
  "112110": "Informação de efetivo pagamento integral para liberar crédito presumido do adquirente",
  "112120": "Importação em ALC/ZFM não convertida em isenção",
  "112130": "Perecimento, perda, roubo ou furto durante o transporte contratado pelo fornecedor",
  "112140": "Fornecimento não realizado com pagamento antecipado",
  "112150": "Atualização da Data de Previsão de Entrega",
  "211110": "Solicitação de Apropriação de crédito presumido",
  "211120": "Destinação de item para consumo pessoal",
  "211124": "Perecimento, perda, roubo ou furto durante o transporte contratado pelo adquirente",
  "211128": "Aceite de débito na apuração por emissão de nota de crédito",
  "211130": "Imobilização de Item",
  "211140": "Solicitação de Apropriação de Crédito de Combustível",
  "211150": "Solicitação de Apropriação de Crédito para bens e serviços que dependem de atividade do adquirente",
  "212110": "Manifestação sobre Pedido de Transferência de Crédito de IBS em Operação de Sucessão",
  "212120": "Manifestação sobre Pedido de Transferência de Crédito de CBS em Operação de Sucessão",
};

/**
 * tpAutor each schema allows: 1 issuer for the 112xxx events; 2 recipient for the
 * acquirer's 2111xx, except 211120 on an import NF-e (1, the importer issued it)
 * and 211110, whose schema (PL_010_V1.30) enumerates only 1; 8 successor for 2121xx.
 */
export function reformAuthorType(detail: ReformEventDetail): "1" | "2" | "8" | null {
  switch (detail.tpEvento) {
    case "110001":
      return null;
    case "212110":
    case "212120":
      return "8";
    case "211120":
      return detail.importation ? "1" : "2";
    case "211110":
      return "1";
    default:
      return detail.tpEvento.startsWith("112") ? "1" : "2";
  }
}

const unit = (value: string) => fiscalText(value, 6);
const itemAttr = (nItem: number) => ` nItem="${nItem}"`;

/** One item group: vIBS, vCBS, gControleEstoque(quantity, unit [, extra]) and anything after it. */
function quantityGroup(name: string, q: string, u: string, item: ReformItemQuantity, stockExtra = "", after = ""): string {
  return (
    `<${name}${itemAttr(item.nItem)}>` +
    el("vIBS", money(item.vIBS, "vIBS")) +
    el("vCBS", money(item.vCBS, "vCBS")) +
    `<gControleEstoque>${el(q, quantity(item.quantity, q))}${el(u, unit(item.unit))}${stockExtra}</gControleEstoque>` +
    after +
    `</${name}>`
  );
}

function presumedCredit(name: string, credit: PresumedCredit | null | undefined): string {
  if (!credit) return "";
  return `<${name}>${el("cCredPres", credit.code)}${el("pCredPres", percent(credit.rate, "pCredPres"))}${el("vCredPres", money(credit.amount, "vCredPres"))}</${name}>`;
}

function body(detail: ReformEventDetail): string {
  switch (detail.tpEvento) {
    case "110001":
      return el("tpEventoAut", detail.cancelledEventType) + el("nProtEvento", detail.eventProtocol);
    case "112110":
      // indQuitacao: the schema admits only 1 (paid in full).
      return el("indQuitacao", "1");
    case "112120":
      return detail.items.map((i) => quantityGroup("gConsumo", "qtde", "unidade", i)).join("");
    case "112130":
      return detail.items
        .map((i) => quantityGroup("gPerecimento", "qPerecimento", "uPerecimento", i, el("vIBS", money(i.creditIBS, "vIBS")) + el("vCBS", money(i.creditCBS, "vCBS"))))
        .join("");
    case "112140":
      return detail.items.map((i) => quantityGroup("gItemNaoFornecido", "qNaoFornecida", "uNaoFornecida", i)).join("");
    case "112150":
      return el("dPrevEntrega", detail.expectedDeliveryDate);
    case "211110":
      return detail.items
        .map((i) => `<gCredPres${itemAttr(i.nItem)}>${el("vBC", money(i.vBC, "vBC"))}${presumedCredit("gIBS", i.ibs)}${presumedCredit("gCBS", i.cbs)}</gCredPres>`)
        .join("");
    case "211120":
      return detail.items
        .map((i) =>
          quantityGroup("gConsumo", "qConsumo", "uConsumo", i, "", `<DFeReferenciado>${el("chaveAcesso", i.referencedKey)}${el("nItem", String(i.referencedItem))}</DFeReferenciado>`),
        )
        .join("");
    case "211124":
      return detail.items.map((i) => quantityGroup("gPerecimento", "qPerecimento", "uPerecimento", i)).join("");
    case "211130":
      return detail.items.map((i) => quantityGroup("gImobilizacao", "qImobilizado", "uImobilizado", i)).join("");
    case "211140":
      return detail.items.map((i) => quantityGroup("gConsumoComb", "qComb", "uComb", i)).join("");
    case "211150":
      return detail.items.map((i) => `<gCredito${itemAttr(i.nItem)}>${el("vCredIBS", money(i.creditIBS, "vCredIBS"))}${el("vCredCBS", money(i.creditCBS, "vCredCBS"))}</gCredito>`).join("");
    case "211128":
    case "212110":
    case "212120":
      return el("indAceitacao", detail.accepted ? "1" : "0");
  }
}

/** The content of <detEvento versao="1.00"> for a reform event, in its schema's order. */
export function reformDetEvento(detail: ReformEventDetail, author: ReformEventAuthor): string {
  const authorType = reformAuthorType(detail);
  return (
    el("descEvento", REFORM_EVENT_DESCRIPTIONS[detail.tpEvento]) +
    el("cOrgaoAutor", author.authorStateCode) +
    (authorType ? el("tpAutor", authorType) : "") +
    el("verAplic", fiscalText(author.applicationVersion, 20)) +
    body(detail)
  );
}
