import type { Decimal } from "decimal.js";
import { money, percentOf, rate, roundMoney, ZERO, Dec } from "./decimal";
import type { ResolvedTaxFields } from "./tax-fields";
import type { IcmsStTaxes, IcmsTaxes } from "./tax-shapes";
import { TaxationError } from "./taxation-error";

// Which ICMS codes carry what (MOC 4.00, ICMS groups of det/imposto).
const CST_OWN = new Set(["00", "10", "20", "51", "70"]);
const CST_REDUCED = new Set(["20", "70"]);
const CST_ST = new Set(["10", "30", "70"]);
const CST_KNOWN = new Set(["00", "02", "10", "15", "20", "30", "40", "41", "50", "51", "53", "60", "61", "70", "90"]);
const CSOSN_CREDIT = new Set(["101", "201"]);
const CSOSN_ST = new Set(["201", "202", "203"]);
const CSOSN_KNOWN = new Set(["101", "102", "103", "201", "202", "203", "300", "400", "500", "900"]);

export type IcmsLine = {
  table: "CST" | "CSOSN";
  /** vProd + vFrete − vDesc of the line. */
  operationValue: Decimal;
  /** vIPI of the line; enters the ST base, and the own base for a non-contributor (LC 87/96 art. 13 §2). */
  ipiAmount: Decimal;
  ipiInOwnBase: boolean;
  fields: ResolvedTaxFields;
};

const need = <T>(value: T | undefined, message: string): T => {
  if (value === undefined) throw new TaxationError(message);
  return value;
};

function computeSt(line: IcmsLine, code: string, ownIcmsDeduction: Decimal): IcmsStTaxes {
  const f = line.fields;
  const modBc = need(f.icmsStModBc, `ICMS ${code} requires the ST base modality (icmsStModBc)`);
  const stRate = need(f.icmsStRate, `ICMS ${code} requires the ST rate (icmsStRate)`);
  const mva = modBc === "4" ? need(f.icmsStMva, `ICMS ${code} with modality 4 requires the MVA (icmsStMva)`) : null;
  const reduction = f.icmsStRedBc ?? null;
  // vBCST = (operation value + IPI) × (1 + MVA) × (1 − pRedBCST), rounded once.
  let base = line.operationValue.plus(line.ipiAmount);
  if (mva) base = base.times(new Dec(1).plus(mva.dividedBy(100)));
  if (reduction) base = base.times(new Dec(1).minus(reduction.dividedBy(100)));
  base = roundMoney(base);
  // vICMSST = vBCST × pICMSST − own ICMS of the operation, never negative.
  const gross = percentOf(base, stRate);
  const amount = Dec.max(ZERO, gross.minus(ownIcmsDeduction));
  return {
    modBc,
    mva: mva ? rate(mva) : null,
    baseReduction: reduction ? rate(reduction) : null,
    base: money(base),
    rate: rate(stRate),
    amount: money(amount),
  };
}

function ownBase(line: IcmsLine, reduction: Decimal | undefined): Decimal {
  let base = line.operationValue.plus(line.ipiInOwnBase ? line.ipiAmount : ZERO);
  if (reduction) base = base.times(new Dec(1).minus(reduction.dividedBy(100)));
  return roundMoney(base);
}

/** ICMS of one NF-e/NFC-e line: own ICMS, ST (MVA, base reduction) and the Simples Nacional credit. */
export function computeIcms(line: IcmsLine): IcmsTaxes {
  const f = line.fields;
  const code = need(f.icmsCst, "ICMS CST/CSOSN is not set on the item, tax rule, product, template or company");
  const origin = f.icmsOrigin ?? "0";
  const result: IcmsTaxes = {
    table: line.table,
    origin,
    cst: code,
    modBc: null,
    baseReduction: null,
    base: null,
    rate: null,
    amount: null,
    benefitCode: f.icmsBenefitCode ?? null,
    st: null,
    simplesCredit: null,
  };

  if (line.table === "CST") {
    if (!CST_KNOWN.has(code)) throw new TaxationError(`ICMS CST ${code} is not a regular-regime CST (the company is not in the Simples Nacional)`);
    const hasOwn = CST_OWN.has(code) || (code === "90" && f.icmsRate !== undefined);
    const reduction = CST_REDUCED.has(code) ? need(f.icmsRedBc, `ICMS CST ${code} requires the base reduction (icmsRedBc)`) : code === "90" ? f.icmsRedBc : undefined;
    let own = ZERO;
    if (hasOwn) {
      const icmsRate = need(f.icmsRate, `ICMS CST ${code} requires the ICMS rate (icmsRate)`);
      const base = ownBase(line, reduction);
      own = percentOf(base, icmsRate);
      Object.assign(result, {
        modBc: f.icmsModBc ?? "3",
        baseReduction: reduction ? rate(reduction) : null,
        base: money(base),
        rate: rate(icmsRate),
        amount: money(own),
      });
    }
    const hasSt = CST_ST.has(code) || (code === "90" && f.icmsStRate !== undefined);
    if (hasSt) result.st = computeSt(line, code, own);
    return result;
  }

  if (!CSOSN_KNOWN.has(code)) throw new TaxationError(`ICMS ${code} is not a CSOSN (the company is in the Simples Nacional)`);
  if (CSOSN_CREDIT.has(code) || (code === "900" && f.icmsSnCreditRate !== undefined)) {
    const creditRate = need(f.icmsSnCreditRate, `CSOSN ${code} requires the Simples credit rate (icmsSnCreditRate)`);
    // pCredSN applies to the operation value (LC 123/2006 art. 23 §1).
    result.simplesCredit = { rate: rate(creditRate), amount: money(percentOf(line.operationValue, creditRate)) };
  }
  if (code === "900" && f.icmsRate !== undefined) {
    const base = ownBase(line, f.icmsRedBc);
    Object.assign(result, {
      modBc: f.icmsModBc ?? "3",
      baseReduction: f.icmsRedBc ? rate(f.icmsRedBc) : null,
      base: money(base),
      rate: rate(f.icmsRate),
      amount: money(percentOf(base, f.icmsRate)),
    });
  }
  if (CSOSN_ST.has(code) || (code === "900" && f.icmsStRate !== undefined)) {
    // The ST deducts the ICMS of the seller's own operation at the normal rate
    // (LC 123/2006 art. 13 §1 XIII; Convênio ICMS 142/2018 cl. 13), except for
    // the exempt CSOSN 203. Simples does not print that ICMS (no vBC/vICMS).
    const deduction = code === "203" || f.icmsRate === undefined ? ZERO : percentOf(ownBase(line, f.icmsRedBc), f.icmsRate);
    result.st = computeSt(line, code, code === "900" && result.amount ? new Dec(result.amount) : deduction);
  }
  return result;
}
