import { el, fiscalText, opt } from "@/lib/fiscal/xml/xml-text";
import { isPositive, isoDate, money } from "./format";
import type { NfeInput, NfePayment, TPag } from "./types";

/** api.md Payment.method → tPag (NT 2020.006 and NT 2023.004 table). */
export const TPAG_BY_METHOD: Record<string, TPag> = {
  MONEY: "01",
  CHECK: "02",
  CREDIT_CARD: "03",
  DEBIT_CARD: "04",
  BANK_CREDIT: "16", // depósito bancário
  BANK_SLIP: "15", // boleto
  PIX: "17", // PIX dinâmico (the one integrated with the sale; 20 is the static key)
  BANK_TRANSFER: "18",
  BANK_TRANSFER_TED: "18",
  BANK_TRANSFER_DOC: "18",
  NO_PAYMENT: "90",
  OTHERS: "99",
};

/** api.md Payment.cardFlag → tBand (NT 2020.006 table). */
export const TBAND_BY_CARD_FLAG: Record<string, string> = {
  VISA: "01",
  MASTERCARD: "02",
  AMERICAN_EXPRESS: "03",
  DINERS_CLUB: "05",
  ELO: "06",
  HIPERCARD: "07",
  DISCOVER: "14",
  HIPER: "17",
  JCB: "18",
  MAESTRO: "02", // a Mastercard brand
  MIR: "99",
  UNIONPAY: "99",
  OTHER: "99",
};

// tPag whose detPag needs the card group (cards, and electronic payments
// settled through an acquirer: PIX, transfers, wallets). MOC 4.00, YA04.
const CARD_GROUP_REQUIRED = new Set<TPag>(["03", "04", "17"]);

function detPag(p: NfePayment): string {
  const card = p.card ?? (CARD_GROUP_REQUIRED.has(p.tPag) ? { tpIntegra: "2" as const } : null);
  return (
    "<detPag>" +
    opt("indPag", p.indPag) +
    el("tPag", p.tPag) +
    (p.tPag === "99" ? el("xPag", fiscalText(p.description || "Outros", 60)) : "") +
    el("vPag", money(p.value)) +
    (p.date ? el("dPag", isoDate(p.date)) : "") +
    (card
      ? "<card>" +
        el("tpIntegra", card.tpIntegra) +
        opt("CNPJ", card.acquirerCnpj?.replace(/[^0-9A-Za-z]/g, "").toUpperCase()) +
        opt("tBand", card.tBand) +
        opt("cAut", card.authorization ? fiscalText(card.authorization, 128) : null) +
        "</card>"
      : "") +
    "</detPag>"
  );
}

/**
 * pag: one detPag per payment. Documents without a charge (credit/debit notes,
 * finNFe 3-6, or no payment given) carry a single tPag 90 with vPag 0.
 */
export function buildPag(input: NfeInput): string {
  const withoutCharge = input.finNFe !== "1" && input.finNFe !== "2";
  const payments: NfePayment[] = withoutCharge || input.payments.length === 0 ? [{ tPag: "90", value: "0" }] : input.payments;
  const change = !withoutCharge && isPositive(input.change) ? el("vTroco", money(input.change)) : "";
  return `<pag>${payments.map(detPag).join("")}${change}</pag>`;
}
