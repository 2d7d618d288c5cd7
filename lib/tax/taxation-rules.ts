import Decimal from "decimal.js";
import { DomainError } from "@/lib/errors";

// Rules an ICMS/PIS/COFINS/IPI configuration must follow before SEFAZ would
// accept an NF-e built from it (MOC 7.0, layout 4.00, group N "ICMS" and the
// CST/CSOSN tables). Products, tax rules, templates and document items all
// validate through here, so what is stored is what emission accepts.

export type TaxRegime = "SIMPLES_NACIONAL" | "SIMPLES_EXCESS" | "NORMAL" | "MEI";
export type RateInput = Decimal.Value | null | undefined;

/** ICMS CST of the regular regime (MOC, tabela B). */
export const ICMS_CST = ["00", "10", "20", "30", "40", "41", "50", "51", "60", "70", "90"] as const;
/** CSOSN of the Simples Nacional (MOC, CRT 1 and 4; Ajuste SINIEF 03/2010). */
export const ICMS_CSOSN = ["101", "102", "103", "201", "202", "203", "300", "400", "500", "900"] as const;
/** ST modality modBCST: 0 tabelado … 4 MVA, 5 pauta, 6 valor da operação (NT 2019.001). */
export const ICMS_ST_MOD_BC = ["0", "1", "2", "3", "4", "5", "6"] as const;
/** Own-ICMS base modality modBC: 0 MVA, 1 pauta, 2 preço tabelado, 3 valor da operação. */
export const ICMS_MOD_BC = ["0", "1", "2", "3"] as const;
export const ICMS_ORIGINS = ["0", "1", "2", "3", "4", "5", "6", "7", "8"] as const;
export const PIS_COFINS_CST = [
  "01", "02", "03", "04", "05", "06", "07", "08", "09",
  "49", "50", "51", "52", "53", "54", "55", "56",
  "60", "61", "62", "63", "64", "65", "66", "67",
  "70", "71", "72", "73", "74", "75", "98", "99",
] as const;
export const IPI_CST = ["00", "01", "02", "03", "04", "05", "49", "50", "51", "52", "53", "54", "55", "99"] as const;

/** Codes with tax substitution that must carry modality and ST rate (spec, Tax rule semantics). */
export const ST_CODES = new Set(["10", "30", "70", "201", "202", "203"]);
/** Codes where ST is optional (the "others" codes). */
const OPTIONAL_ST_CODES = new Set(["90", "900"]);
/** Codes that carry the Simples credit pCredSN; required on 101/201, optional on 900. */
const SN_CREDIT_REQUIRED = new Set(["101", "201"]);
/** Codes with own ICMS (modBC, pICMS). */
const OWN_ICMS_CODES = new Set(["00", "10", "20", "51", "70", "90", "900"]);
/** Codes that need the base reduction pRedBC; optional on 51, 90 and 900. */
const RED_BC_REQUIRED = new Set(["20", "70"]);
const RED_BC_OPTIONAL = new Set(["51", "90", "900"]);

/** Simples Nacional (CRT 1) and MEI (CRT 4) use CSOSN; the regular regime and CRT 2 use CST (MOC, campo CRT). */
export function usesCsosn(regime: TaxRegime): boolean {
  return regime === "SIMPLES_NACIONAL" || regime === "MEI";
}

export function isStCode(cst: string | null | undefined): boolean {
  return !!cst && ST_CODES.has(cst);
}

export type IcmsTaxationInput = {
  icmsCst?: string | null;
  icmsModBc?: string | null;
  icmsRate?: RateInput;
  icmsRedBc?: RateInput;
  icmsStModBc?: string | null;
  icmsStMva?: RateInput;
  icmsStRate?: RateInput;
  icmsStRedBc?: RateInput;
  icmsSnCreditRate?: RateInput;
};

export type IcmsTaxation = {
  icmsCst: string | null;
  icmsModBc: string | null;
  icmsRate: Decimal | null;
  icmsRedBc: Decimal | null;
  icmsStModBc: string | null;
  icmsStMva: Decimal | null;
  icmsStRate: Decimal | null;
  icmsStRedBc: Decimal | null;
  icmsSnCreditRate: Decimal | null;
};

/** A failure names the offending field when there is one, so forms can show it inline. */
export type TaxationFailure = { ok: false; reason: string; field?: string };
export type TaxationResult<T> = { ok: true; normalized: T } | TaxationFailure;

const fail = (reason: string, field?: string): TaxationFailure => (field ? { ok: false, reason, field } : { ok: false, reason });

/** A decimal or null; a value that is not a finite number is reported, not thrown. */
export function toDecimal(value: RateInput): Decimal | null {
  if (value === null || value === undefined || value === "") return null;
  const decimal = new Decimal(value);
  if (!decimal.isFinite()) throw new Error("not a finite number");
  return decimal;
}

/** Reads a percentage (0–100) or returns the reason it is unusable. */
export function readPercent(field: string, value: RateInput, max = 100): TaxationResult<Decimal | null> {
  let decimal: Decimal | null;
  try {
    decimal = toDecimal(value);
  } catch {
    return fail(`${field} must be a number`, field);
  }
  if (decimal === null) return { ok: true, normalized: null };
  if (decimal.isNegative() || decimal.greaterThan(max)) return fail(`${field} must be a percentage between 0 and ${max} (got ${decimal.toString()})`, field);
  if (decimal.decimalPlaces() > 4) return fail(`${field} accepts at most 4 decimal places`, field);
  return { ok: true, normalized: decimal };
}

function describeTable(regime: TaxRegime): string {
  return usesCsosn(regime) ? `CSOSN (${ICMS_CSOSN.join(", ")})` : `CST (${ICMS_CST.join(", ")})`;
}

/** Checks that an ICMS code belongs to the regime's table; null when fine, else the reason. */
export function icmsCodeProblem(regime: TaxRegime, icmsCst: string): string | null {
  const csosn = usesCsosn(regime);
  const table: readonly string[] = csosn ? ICMS_CSOSN : ICMS_CST;
  if (table.includes(icmsCst)) return null;
  const other: readonly string[] = csosn ? ICMS_CST : ICMS_CSOSN;
  if (other.includes(icmsCst)) {
    const kind = csosn ? "a regular-regime CST" : "a Simples Nacional CSOSN";
    return `icmsCst ${icmsCst} is ${kind}; a ${regime} company uses ${describeTable(regime)}`;
  }
  return `icmsCst ${icmsCst} is not a valid code; a ${regime} company uses ${describeTable(regime)}`;
}

// MVA is a margin, not a share of the price: real MVAs exceed 100% (README, API notes).
const MVA_MAX = 999.9999;

/**
 * Validates the ICMS parameters against the company regime and the chosen
 * code, and returns them normalized: parameters the code does not use become
 * null (spec, Tax rule semantics). Without a code only the ranges are checked,
 * because the code may come from another level of the resolution order.
 */
export function validateIcmsTaxation(regime: TaxRegime, params: IcmsTaxationInput): TaxationResult<IcmsTaxation> {
  const rates: Partial<Record<keyof IcmsTaxation, Decimal | null>> = {};
  for (const field of ["icmsRate", "icmsRedBc", "icmsStRate", "icmsStRedBc", "icmsSnCreditRate", "icmsStMva"] as const) {
    const read = readPercent(field, params[field], field === "icmsStMva" ? MVA_MAX : 100);
    if (!read.ok) return read;
    rates[field] = read.normalized;
  }
  const icmsModBc = params.icmsModBc ?? null;
  if (icmsModBc !== null && !(ICMS_MOD_BC as readonly string[]).includes(icmsModBc)) {
    return fail(`icmsModBc must be one of ${ICMS_MOD_BC.join(", ")}`, "icmsModBc");
  }
  const icmsStModBc = params.icmsStModBc ?? null;
  if (icmsStModBc !== null && !(ICMS_ST_MOD_BC as readonly string[]).includes(icmsStModBc)) {
    return fail(`icmsStModBc must be one of ${ICMS_ST_MOD_BC.join(", ")} (4 = MVA, 6 = operation value)`, "icmsStModBc");
  }
  const all: IcmsTaxation = {
    icmsCst: params.icmsCst ?? null,
    icmsModBc,
    icmsRate: rates.icmsRate ?? null,
    icmsRedBc: rates.icmsRedBc ?? null,
    icmsStModBc,
    icmsStMva: rates.icmsStMva ?? null,
    icmsStRate: rates.icmsStRate ?? null,
    icmsStRedBc: rates.icmsStRedBc ?? null,
    icmsSnCreditRate: rates.icmsSnCreditRate ?? null,
  };
  const cst = all.icmsCst;
  if (cst === null) return { ok: true, normalized: all };

  const codeProblem = icmsCodeProblem(regime, cst);
  if (codeProblem) return fail(codeProblem, "icmsCst");

  const st = ST_CODES.has(cst);
  const stAllowed = st || OPTIONAL_ST_CODES.has(cst);
  if (st) {
    if (all.icmsStModBc === null) return fail(`icmsCst ${cst} has tax substitution: icmsStModBc (ST base modality) is required`, "icmsStModBc");
    if (all.icmsStModBc === "4" && all.icmsStMva === null) return fail(`icmsCst ${cst} with icmsStModBc 4 (MVA) requires icmsStMva`, "icmsStMva");
    if (all.icmsStRate === null) return fail(`icmsCst ${cst} has tax substitution: icmsStRate (ST rate) is required`, "icmsStRate");
  }
  if (SN_CREDIT_REQUIRED.has(cst) && all.icmsSnCreditRate === null) {
    return fail(`icmsCst ${cst} requires icmsSnCreditRate (Simples Nacional credit rate, pCredSN)`, "icmsSnCreditRate");
  }
  if (RED_BC_REQUIRED.has(cst) && all.icmsRedBc === null) {
    return fail(`icmsCst ${cst} requires icmsRedBc (base reduction percentage)`, "icmsRedBc");
  }

  const ownIcms = OWN_ICMS_CODES.has(cst);
  const normalized: IcmsTaxation = {
    icmsCst: cst,
    icmsModBc: ownIcms ? all.icmsModBc : null,
    icmsRate: ownIcms ? all.icmsRate : null,
    icmsRedBc: RED_BC_REQUIRED.has(cst) || RED_BC_OPTIONAL.has(cst) ? all.icmsRedBc : null,
    icmsStModBc: stAllowed ? all.icmsStModBc : null,
    // pMVAST only means something when the ST base is built by MVA (modBCST 4).
    icmsStMva: stAllowed && all.icmsStModBc === "4" ? all.icmsStMva : null,
    icmsStRate: stAllowed ? all.icmsStRate : null,
    icmsStRedBc: stAllowed ? all.icmsStRedBc : null,
    icmsSnCreditRate: SN_CREDIT_REQUIRED.has(cst) || cst === "900" ? all.icmsSnCreditRate : null,
  };
  return { ok: true, normalized };
}

export type OtherTaxesInput = {
  icmsOrigin?: string | null;
  pisCst?: string | null;
  pisRate?: RateInput;
  cofinsCst?: string | null;
  cofinsRate?: RateInput;
  ipiCst?: string | null;
  ipiRate?: RateInput;
  ipiCEnq?: string | null;
};

/** Origin, PIS, COFINS and IPI: codes from their tables, rates 0–100, cEnq of 3 digits. */
export function validateOtherTaxes(params: OtherTaxesInput): TaxationResult<null> {
  const { icmsOrigin, pisCst, cofinsCst, ipiCst, ipiCEnq } = params;
  if (icmsOrigin != null && !(ICMS_ORIGINS as readonly string[]).includes(icmsOrigin)) return fail(`icmsOrigin must be one of ${ICMS_ORIGINS.join(", ")}`, "icmsOrigin");
  if (pisCst != null && !(PIS_COFINS_CST as readonly string[]).includes(pisCst)) return fail(`pisCst ${pisCst} is not a PIS CST`, "pisCst");
  if (cofinsCst != null && !(PIS_COFINS_CST as readonly string[]).includes(cofinsCst)) return fail(`cofinsCst ${cofinsCst} is not a COFINS CST`, "cofinsCst");
  if (ipiCst != null && !(IPI_CST as readonly string[]).includes(ipiCst)) return fail(`ipiCst ${ipiCst} is not an IPI CST`, "ipiCst");
  if (ipiCEnq != null && !/^\d{3}$/.test(ipiCEnq)) return fail("ipiCEnq (IPI legal framework code) must have 3 digits", "ipiCEnq");
  for (const field of ["pisRate", "cofinsRate", "ipiRate"] as const) {
    const read = readPercent(field, params[field]);
    if (!read.ok) return read;
  }
  return { ok: true, normalized: null };
}

// ---------------------------------------------------------------- CFOP

export type CfopField = "internal" | "interstate" | "export";
const CFOP_FIRST_DIGIT: Record<CfopField, string> = { internal: "5", interstate: "6", export: "7" };
const CFOP_FIELD_NAME: Record<CfopField, string> = { internal: "internal (5xxx)", interstate: "interstate (6xxx)", export: "export (7xxx)" };

export function isCfop(value: string): boolean {
  return /^[1-7]\d{3}$/.test(value);
}

/** A CFOP in a field that expects one kind of outgoing operation; null when fine, else the reason. */
export function cfopFieldProblem(field: CfopField, cfop: string): string | null {
  if (!/^\d{4}$/.test(cfop)) return `CFOP ${cfop} must have 4 digits`;
  if (cfop[0] !== CFOP_FIRST_DIGIT[field]) return `CFOP ${cfop} is not an ${CFOP_FIELD_NAME[field]} CFOP`;
  return null;
}

// Interstate sales to non-contributors use 6107/6108 instead of 6101/6102
// (Ajuste SINIEF 07/2001 table: "venda ... a não contribuinte").
const NON_CONTRIBUTOR_INTERSTATE: Record<string, string> = { "5101": "6107", "5102": "6108" };

/** Interstate CFOPs suggested from an internal one: 5102 → 6102 (contributor) and 6108 (non-contributor). */
export function suggestInterstateCfops(internalCfop: string): { contributor: string; nonContributor: string } | null {
  if (!/^5\d{3}$/.test(internalCfop)) return null;
  const contributor = `6${internalCfop.slice(1)}`;
  return { contributor, nonContributor: NON_CONTRIBUTOR_INTERSTATE[internalCfop] ?? contributor };
}

/** Tax-rule CFOPs are compared by their last 3 digits, so 5910 matches 6910 (spec, Tax rule). */
export function cfopMatches(ruleCfop: string, documentCfop: string): boolean {
  return ruleCfop.slice(-3) === documentCfop.slice(-3);
}

// ---------------------------------------------------------------- throwing wrappers

export const invalidTaxation = (reason: string) => new DomainError(422, "invalid_taxation", reason);

/** validateIcmsTaxation, throwing 422 invalid_taxation with the reason. */
export function assertIcmsTaxation(regime: TaxRegime, params: IcmsTaxationInput, where?: string): IcmsTaxation {
  const result = validateIcmsTaxation(regime, params);
  if (!result.ok) throw invalidTaxation(where ? `${where}: ${result.reason}` : result.reason);
  return result.normalized;
}

export function assertOtherTaxes(params: OtherTaxesInput, where?: string): void {
  const result = validateOtherTaxes(params);
  if (!result.ok) throw invalidTaxation(where ? `${where}: ${result.reason}` : result.reason);
}
