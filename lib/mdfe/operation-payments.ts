import Decimal from "decimal.js";
import { PAYMENT_COMPONENT_TYPES, type AddPaymentInput } from "./schemas";
import type { MdfePayment } from "./xml/types";

// infPag from the API's payment (NT MDF-e 2021.002; tpComp 04 Frete: NT 2025.001 v1.03): the same
// group in the modal at issue (rodo/infANTT) and in the event 110116 (evPagtoOperMDFe).

/** TDec_1302: two decimals, computed as decimals. */
const money = (value: string) => new Decimal(value).toFixed(2);

export function toInfPag(p: AddPaymentInput["payments"][number]): MdfePayment {
  return {
    name: p.name ?? null,
    document: p.document,
    components: p.components.map((c) => ({ type: PAYMENT_COMPONENT_TYPES[c.type], value: money(c.value), description: c.description ?? null })),
    contractValue: money(p.contractValue),
    paymentIndicator: p.method === "INSTALLMENTS" ? "1" : "0",
    advanceValue: p.advanceValue ? money(p.advanceValue) : null,
    installments: p.installments.map((i, index) => ({ number: index + 1, dueDate: i.dueDate, value: money(i.value) })),
    bank: p.bank,
  };
}

