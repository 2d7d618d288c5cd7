import { NFCE_ONLY, NFE_ONLY, type BusinessRule, type RuleFinding } from "./business-rule";
import { exact, minus, provenEqual, sumOver } from "./exact-decimal";
import { amount, child, has, str, type NfeView, type XmlFields } from "./nfe-view";

// Group Y (cobr: fatura and duplicatas): MOC 4.00 Anexo I, NT 2016.002.
// Dates compare as the issuer's local calendar dates (dhEmi carries its offset).

const installments = (nfe: NfeView) => ((nfe.cobr?.dup as XmlFields[] | undefined) ?? []);
const issueDate = (nfe: NfeView) => str(nfe.ide.dhEmi).slice(0, 10);

function firstInstallment(nfe: NfeView, test: (dup: XmlFields, index: number, all: XmlFields[]) => string | false): RuleFinding | null {
  const all = installments(nfe);
  for (const [index, dup] of all.entries()) {
    const detail = test(dup, index, all);
    if (detail) return { nOcor: index + 1, detail };
  }
  return null;
}

export const nfceBillingRule: BusinessRule = {
  id: "Y01-10", name: "nfce-without-billing", cStat: "760", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com dados de cobrança (Fatura, Duplicata)",
  check: (nfe) => (nfe.cobr ? { detail: "cobr informado" } : null),
};

export const invoiceFieldsRule: BusinessRule = {
  id: "Y01-20", name: "invoice-fields-present", cStat: "905", models: NFE_ONLY,
  xMotivo: "Rejeição: Campos do grupo Fatura não informados",
  check(nfe) {
    if (!nfe.cobr) return null;
    const fat = child(nfe.cobr, "fat");
    const missing = ["nFat", "vOrig", "vDesc", "vLiq"].filter((name) => !has(fat, name));
    return missing.length > 0 ? { detail: `sem ${missing.join(", ")}` } : null;
  },
};

export const invoiceDiscountRule: BusinessRule = {
  id: "Y05-10", name: "invoice-discount-not-above-original", cStat: "901", models: NFE_ONLY,
  xMotivo: "Rejeição: Valor do Desconto da Fatura maior que Valor Original da Fatura",
  check(nfe) {
    const fat = child(nfe.cobr, "fat");
    if (!fat) return null;
    return amount(fat.vDesc).greaterThan(amount(fat.vOrig)) ? { detail: `vDesc ${str(fat.vDesc)} > vOrig ${str(fat.vOrig)}` } : null;
  },
};

export const invoiceNetValueRule: BusinessRule = {
  id: "Y06-10", name: "invoice-net-value", cStat: "902", models: NFE_ONLY,
  xMotivo: "Rejeição: Valor Liquido da Fatura difere do Valor Original menos o Valor do Desconto",
  check(nfe) {
    const fat = child(nfe.cobr, "fat");
    if (!has(fat, "vLiq") || !has(fat, "vOrig") || provenEqual(minus(exact(fat!.vOrig), exact(fat!.vDesc)), exact(fat!.vLiq))) return null;
    const expected = amount(fat!.vOrig).minus(amount(fat!.vDesc));
    return expected.equals(amount(fat!.vLiq)) ? null : { detail: `vLiq ${str(fat!.vLiq)}, vOrig − vDesc ${expected.toFixed(2)}` };
  },
};

export const invoiceAboveTotalRule: BusinessRule = {
  id: "Y06-20", name: "invoice-not-above-total", cStat: "897", models: NFE_ONLY,
  xMotivo: "Rejeição: Valor da Fatura maior que Valor Total da NF-e",
  check(nfe) {
    const fat = child(nfe.cobr, "fat");
    if (!fat) return null;
    const value = amount(has(fat, "vLiq") ? fat.vLiq : fat.vOrig);
    return value.greaterThan(amount(nfe.icmsTot.vNF)) ? { detail: `fatura ${value.toFixed(2)} > vNF ${str(nfe.icmsTot.vNF)}` } : null;
  },
};

export const installmentNumberRule: BusinessRule = {
  id: "Y08-10", name: "installments-numbered-001", cStat: "852", models: NFE_ONLY,
  xMotivo: "Rejeição: Número da parcela inválido ou não informado [nOcor:999]",
  // Three digits, sequential and consecutive: 001, 002, 003 ...
  check: (nfe) => firstInstallment(nfe, (dup, index) => str(dup.nDup) !== String(index + 1).padStart(3, "0") && `nDup ${str(dup.nDup) || "ausente"}`),
};

export const installmentBeforeAuthorizationRule: BusinessRule = {
  id: "Y09-10", name: "installment-not-before-authorization", cStat: "898", models: NFE_ONLY,
  xMotivo: "Rejeição: Data de vencimento da parcela não informada ou menor que Data de Autorização [nOcor:999]",
  check(nfe, context) {
    if (!context.receivedAt) return null;
    // The authorization date in the issuer's calendar: dhEmi's offset applied to the receipt time.
    const offset = /([+-])(\d{2}):(\d{2})$/.exec(str(nfe.ide.dhEmi));
    const minutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
    const authorizedOn = new Date(context.receivedAt.getTime() + minutes * 60_000).toISOString().slice(0, 10);
    return firstInstallment(nfe, (dup) => (!has(dup, "dVenc") || str(dup.dVenc) < authorizedOn) && `dVenc ${str(dup.dVenc) || "ausente"} < ${authorizedOn}`);
  },
};

export const installmentBeforeIssueRule: BusinessRule = {
  id: "Y09-20", name: "installment-not-before-issue", cStat: "900", models: NFE_ONLY,
  xMotivo: "Rejeição: Data de vencimento da parcela não informada ou menor que Data de Emissão [nOcor:999]",
  check: (nfe) => firstInstallment(nfe, (dup) => (!has(dup, "dVenc") || str(dup.dVenc) < issueDate(nfe)) && `dVenc ${str(dup.dVenc) || "ausente"} < ${issueDate(nfe)}`),
};

export const installmentsInOrderRule: BusinessRule = {
  id: "Y09-30", name: "installments-in-due-order", cStat: "850", models: NFE_ONLY,
  xMotivo: "Rejeição: Data de vencimento da parcela não informada ou menor que a Data de vencimento da parcela anterior [nOcor:999]",
  check: (nfe) =>
    firstInstallment(nfe, (dup, index, all) => index > 0 && (!has(dup, "dVenc") || str(dup.dVenc) < str(all[index - 1]!.dVenc)) && `dVenc ${str(dup.dVenc)} < ${str(all[index - 1]!.dVenc)}`),
};

export const installmentOnIssueDateRule: BusinessRule = {
  id: "Y09-40", name: "no-installment-due-on-issue", cStat: "853", models: NFE_ONLY,
  xMotivo: "Rejeição: Dados de cobrança não devem ser informados para pagamento à vista",
  // An installment due on the issue date is a cash payment: it goes in pag, not in cobr.
  check: (nfe) => firstInstallment(nfe, (dup) => str(dup.dVenc) === issueDate(nfe) && `dVenc ${str(dup.dVenc)} = data de emissão`),
};

export const installmentsSumRule: BusinessRule = {
  id: "Y10-10", name: "installments-sum-net-value", cStat: "851", models: NFE_ONLY,
  xMotivo: "Rejeição: Soma do valor das parcelas difere do Valor Líquido da Fatura",
  check(nfe) {
    const fat = child(nfe.cobr, "fat");
    const all = installments(nfe);
    if (!has(fat, "vLiq") || all.length === 0 || provenEqual(sumOver(all, (dup) => dup.vDup), exact(fat!.vLiq))) return null;
    const total = all.reduce((acc, dup) => acc.plus(amount(dup.vDup)), amount(0));
    return total.equals(amount(fat!.vLiq)) ? null : { detail: `soma ${total.toFixed(2)}, vLiq ${str(fat!.vLiq)}` };
  },
};
