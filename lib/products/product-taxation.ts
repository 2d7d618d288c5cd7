import type { Prisma, Product, TaxRegime } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { cestNcmMismatch } from "@/lib/fiscal-tables";
import { findUsableTaxRule } from "@/lib/tax-rules/lookup";
import { cfopFieldProblem, invalidTaxation, suggestInterstateCfops, validateIcmsTaxation, validateOtherTaxes, type CfopField, type TaxationFailure } from "@/lib/tax/taxation-rules";
import { decimalString } from "@/lib/contracts/decimal-string";
import type { NfeConfigInput, NfeConfigResponse } from "./schemas";

type NfeConfigKey = keyof NfeConfigResponse;
type ConfigValues = { [K in NfeConfigKey]: string | number | null };

// nfeConfig field → Product column (the spec's names differ for the interstate CFOPs).
const COLUMN: Record<NfeConfigKey, keyof Product> = {
  ncm: "ncm", cest: "cest", internalCfop: "internalCfop", interstateContributor: "interstateContributorCfop",
  interstateNonContributor: "interstateNonContributorCfop", exportCfop: "exportCfop", icmsOrigin: "icmsOrigin",
  icmsCst: "icmsCst", icmsModBc: "icmsModBc", icmsRate: "icmsRate", icmsRedBc: "icmsRedBc", icmsStModBc: "icmsStModBc",
  icmsStMva: "icmsStMva", icmsStRate: "icmsStRate", icmsStRedBc: "icmsStRedBc", icmsSnCreditRate: "icmsSnCreditRate",
  pisCst: "pisCst", pisRate: "pisRate", cofinsCst: "cofinsCst", cofinsRate: "cofinsRate", ipiCst: "ipiCst",
  ipiRate: "ipiRate", ipiCEnq: "ipiCEnq", taxRuleId: "taxRuleId",
};
const KEYS = Object.keys(COLUMN) as NfeConfigKey[];

/** The stored nfeConfig as the API returns it (rates as decimal strings). */
export function toNfeConfigResponse(product: Product): NfeConfigResponse {
  const out = {} as Record<NfeConfigKey, string | null>;
  for (const key of KEYS) {
    const value = product[COLUMN[key]] as { toFixed(n: number): string } | string | null;
    out[key] = value === null ? null : typeof value === "string" ? value : decimalString(value);
  }
  return out as NfeConfigResponse;
}

function blankToNull<T>(value: T): T | null {
  return value === "" ? null : value;
}

const CFOP_FIELDS: [NfeConfigKey, CfopField][] = [
  ["internalCfop", "internal"], ["interstateContributor", "interstate"], ["interstateNonContributor", "interstate"], ["exportCfop", "export"],
];

/**
 * Merges the nfeConfig sent with the stored one (PATCH merge semantics; on
 * create nothing is stored) and validates the result as emission would: CEST
 * of 7 digits, CFOPs in their field, an NFE tax rule of the company, and the
 * ICMS/PIS/COFINS/IPI rules for the company regime. Returns the columns to
 * write; ICMS parameters the code does not use come back null.
 */
export async function resolveNfeConfig(
  input: { companyId: string; regime: TaxRegime; sent: NfeConfigInput; stored: Product | null },
  tx: DbClient,
): Promise<Prisma.ProductUncheckedUpdateInput> {
  const { companyId, regime, sent, stored } = input;
  const previous = stored ? toNfeConfigResponse(stored) : null;
  const merged = {} as ConfigValues;
  for (const key of KEYS) {
    const value = sent[key];
    merged[key] = value !== undefined ? blankToNull(value) : (previous?.[key] ?? null);
  }

  if (merged.cest !== null) {
    const digits = String(merged.cest).replace(/\D/g, "");
    if (!/^\d{7}$/.test(digits)) throw unprocessable("invalid_cest", `CEST ${merged.cest} must have 7 digits`);
    merged.cest = digits;
    const problem = merged.ncm !== null ? cestNcmMismatch(digits, String(merged.ncm)) : null;
    if (problem) throw unprocessable("invalid_cest", problem);
  }

  // Interstate CFOPs absent from the body are suggested from the internal one
  // (5102 → 6102 / 6108); an explicit null stays blank. On PATCH a stored value
  // that was the old suggestion (or blank) follows a new internal CFOP.
  const internal = merged.internalCfop === null ? null : String(merged.internalCfop);
  if (internal !== null && sent.internalCfop !== undefined) {
    const suggestion = suggestInterstateCfops(internal);
    const old = previous?.internalCfop ? suggestInterstateCfops(previous.internalCfop) : null;
    if (suggestion) {
      if (sent.interstateContributor === undefined && (previous?.interstateContributor ?? null) === (old?.contributor ?? null)) {
        merged.interstateContributor = suggestion.contributor;
      }
      if (sent.interstateNonContributor === undefined && (previous?.interstateNonContributor ?? null) === (old?.nonContributor ?? null)) {
        merged.interstateNonContributor = suggestion.nonContributor;
      }
    }
  }
  for (const [key, field] of CFOP_FIELDS) {
    if (merged[key] === null) continue;
    const problem = cfopFieldProblem(field, String(merged[key]));
    if (problem) throw unprocessable("invalid_cfop", `nfeConfig.${key}: ${problem}`);
  }

  if (sent.taxRuleId) await findUsableTaxRule(companyId, sent.taxRuleId, "NFE", tx);

  const str = (value: string | number | null) => (value === null ? null : String(value));
  // Messages carry the field path (nfeConfig.icmsStMva: …) so forms can show them inline.
  const refuse = (failure: TaxationFailure) => invalidTaxation(`nfeConfig${failure.field ? `.${failure.field}` : ""}: ${failure.reason}`);
  const icmsResult = validateIcmsTaxation(regime, {
    icmsCst: str(merged.icmsCst), icmsModBc: str(merged.icmsModBc), icmsRate: merged.icmsRate, icmsRedBc: merged.icmsRedBc,
    icmsStModBc: str(merged.icmsStModBc), icmsStMva: merged.icmsStMva, icmsStRate: merged.icmsStRate,
    icmsStRedBc: merged.icmsStRedBc, icmsSnCreditRate: merged.icmsSnCreditRate,
  });
  if (!icmsResult.ok) throw refuse(icmsResult);
  const icms = icmsResult.normalized;
  const others = validateOtherTaxes({
    icmsOrigin: str(merged.icmsOrigin), pisCst: str(merged.pisCst), pisRate: merged.pisRate, cofinsCst: str(merged.cofinsCst),
    cofinsRate: merged.cofinsRate, ipiCst: str(merged.ipiCst), ipiRate: merged.ipiRate, ipiCEnq: str(merged.ipiCEnq),
  });
  if (!others.ok) throw refuse(others);

  const data: Record<string, unknown> = {};
  for (const key of KEYS) {
    if (key in icms) continue;
    const value = merged[key];
    data[COLUMN[key]] = value === null ? null : String(value);
  }
  for (const [key, value] of Object.entries(icms)) data[key] = value === null ? null : typeof value === "string" ? value : value.toString();
  return data as Prisma.ProductUncheckedUpdateInput;
}

/** nfeConfig: null on PATCH clears the product's own taxation. */
export const CLEARED_NFE_CONFIG: NfeConfigInput = Object.fromEntries(KEYS.map((key) => [key, null])) as NfeConfigInput;

/** True when a PATCH body touches taxation (then the merged nfeConfig is validated). */
export function touchesTaxation(sent: NfeConfigInput | null | undefined): boolean {
  return !!sent && KEYS.some((key) => sent[key] !== undefined);
}
