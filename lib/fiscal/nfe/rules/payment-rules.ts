import { BOTH, NFCE_ONLY, NFE_ONLY, type BusinessRule } from "./business-rule";
import { exact, minus, provenEqual, provenNotAbove, sumOver } from "./exact-decimal";
import { amount, child, has, str, type NfeView, type XmlFields } from "./nfe-view";

// Group YA (pag): MOC 4.00 Anexo I and NT 2016.002. 865/866 are optional
// "a critério da UF" (Facult.): applied here, the strictest common reading.

const payments = (nfe: NfeView) => ((nfe.pag?.detPag as XmlFields[] | undefined) ?? []);
const paid = (nfe: NfeView) => payments(nfe).reduce((acc, p) => acc.plus(amount(p.vPag)), amount(0));
/** The payments' sum in integers (exact-decimal.ts), null where decimal.js must decide. */
const paidExact = (nfe: NfeView) => sumOver(payments(nfe), (p) => p.vPag);
const noPayment = (nfe: NfeView) => payments(nfe).some((p) => str(p.tPag) === "90");
const CARD_TPAG = new Set(["03", "04"]);

export const adjustmentWithoutPaymentRule: BusinessRule = {
  id: "YA02-04", name: "adjustment-return-no-payment", cStat: "871", models: NFE_ONLY,
  xMotivo: "Rejeição: O campo Meio de Pagamento deve ser preenchido com a opção Sem Pagamento",
  check: (nfe) => (["3", "4"].includes(str(nfe.ide.finNFe)) && payments(nfe).some((p) => str(p.tPag) !== "90") ? { detail: "tPag diferente de 90" } : null),
};

export const nfceNoPaymentRule: BusinessRule = {
  id: "YA02-40", name: "nfce-requires-payment", cStat: "899", models: NFCE_ONLY,
  xMotivo: "Rejeição: Informado incorretamente o campo meio de pagamento",
  check: (nfe) => (noPayment(nfe) ? { detail: "tPag 90 em NFC-e" } : null),
};

export const paymentsBelowTotalRule: BusinessRule = {
  id: "YA03-10", name: "payments-cover-total", cStat: "865", models: BOTH,
  xMotivo: "Rejeição: Total dos pagamentos menor que o total da nota",
  check(nfe) {
    if (["3", "4"].includes(str(nfe.ide.finNFe)) || noPayment(nfe) || provenNotAbove(exact(nfe.icmsTot.vNF), paidExact(nfe))) return null;
    const total = paid(nfe);
    return total.lessThan(amount(nfe.icmsTot.vNF)) ? { detail: `vPag ${total.toFixed(2)} < vNF ${str(nfe.icmsTot.vNF)}` } : null;
  },
};

export const missingChangeRule: BusinessRule = {
  id: "YA03-20", name: "change-declared", cStat: "866", models: BOTH,
  xMotivo: "Rejeição: Ausência de troco quando o valor dos pagamentos informados for maior que o total da nota",
  check(nfe) {
    if (has(nfe.pag, "vTroco") || provenNotAbove(paidExact(nfe), exact(nfe.icmsTot.vNF))) return null;
    const total = paid(nfe);
    return total.greaterThan(amount(nfe.icmsTot.vNF)) && !has(nfe.pag, "vTroco") ? { detail: `vPag ${total.toFixed(2)} > vNF ${str(nfe.icmsTot.vNF)}` } : null;
  },
};

export const noPaymentValueRule: BusinessRule = {
  id: "YA03-30", name: "no-payment-zero-value", cStat: "904", models: BOTH,
  xMotivo: "Rejeição: Informado indevidamente campo valor de pagamento",
  check: (nfe) => (payments(nfe).some((p) => str(p.tPag) === "90" && !amount(p.vPag).isZero()) ? { detail: "tPag 90 com vPag" } : null),
};

export const cardGroupRule: BusinessRule = {
  id: "YA04-10", name: "card-group-present", cStat: "391", models: BOTH,
  xMotivo: "Rejeição: Não informados os dados do cartão de crédito / débito nas Formas de Pagamento da Nota Fiscal",
  check: (nfe) => {
    const index = payments(nfe).findIndex((p) => CARD_TPAG.has(str(p.tPag)) && !child(p, "card"));
    return index < 0 ? null : { detail: `detPag ${index + 1}` };
  },
};

export const integratedCardDataRule: BusinessRule = {
  id: "YA05-10", name: "integrated-card-acquirer", cStat: "392", models: BOTH,
  xMotivo: "Rejeição: Não informados os dados da operação de pagamento por cartão de crédito / débito",
  check: (nfe) => {
    const index = payments(nfe).findIndex((p) => {
      const card = child(p, "card");
      return !!card && str(card.tpIntegra) === "1" && (!has(card, "CNPJ") || !has(card, "cAut"));
    });
    return index < 0 ? null : { detail: `detPag ${index + 1}: tpIntegra 1 sem CNPJ/cAut` };
  },
};

export const changeValueRule: BusinessRule = {
  id: "YA09-10", name: "change-equals-overpayment", cStat: "869", models: BOTH,
  xMotivo: "Rejeição: Valor do troco incorreto",
  check(nfe) {
    if (!has(nfe.pag, "vTroco") || provenEqual(minus(paidExact(nfe), exact(nfe.icmsTot.vNF)), exact(nfe.pag!.vTroco))) return null;
    const expected = paid(nfe).minus(amount(nfe.icmsTot.vNF));
    return expected.equals(amount(nfe.pag!.vTroco)) ? null : { detail: `vTroco ${str(nfe.pag!.vTroco)}, vPag − vNF ${expected.toFixed(2)}` };
  },
};
