import type { Prisma, TaxRegime } from "@prisma/client";
import { unprocessable } from "@/lib/errors";
import { ICMS_CST, invalidTaxation, isCfop, validateIcmsTaxation, validateOtherTaxes, type TaxationFailure } from "@/lib/tax/taxation-rules";
import type { CreateTemplateInput } from "./schemas";

const NFE_ONLY = ["cfop", "icmsOrigin", "icmsCst", "icmsRate", "ipiCst", "ipiRate"] as const;
const NFSE_ONLY = ["serviceCode", "nationalServiceCode"] as const;

const str = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? null : String(value));

/**
 * Validates a template's fields (merged with the stored ones on PATCH) and
 * returns the columns to write. Fields of the other model are stored as null.
 * A company template is checked against the company regime; a tenant
 * template serves companies of any regime, so its code only has to exist in
 * the table it belongs to. ICMS codes that need more parameters than a
 * template carries (ST, Simples credit, base reduction) are refused: they
 * belong in a tax rule.
 */
export function templateColumns(merged: CreateTemplateInput, regime: TaxRegime | null): Prisma.FiscalTemplateUncheckedUpdateInput {
  const nfe = merged.type === "NFE";
  const data: Record<string, string | null> = {
    name: merged.name,
    type: merged.type,
    operationNature: str(merged.operationNature),
    pisCst: str(merged.pisCst),
    pisRate: str(merged.pisRate),
    cofinsCst: str(merged.cofinsCst),
    cofinsRate: str(merged.cofinsRate),
    additionalInfo: str(merged.additionalInfo),
  };
  for (const field of NFE_ONLY) data[field] = nfe ? str(merged[field]) : null;
  for (const field of NFSE_ONLY) data[field] = nfe ? null : str(merged[field]);

  const cfop = data.cfop ?? null;
  if (cfop !== null && !isCfop(cfop)) throw unprocessable("invalid_cfop", `cfop ${cfop} must have 4 digits (1xxx to 7xxx)`);
  const cst = data.icmsCst ?? null;
  const effectiveRegime = regime ?? (cst !== null && !(ICMS_CST as readonly string[]).includes(cst) ? "SIMPLES_NACIONAL" : "NORMAL");
  // "field: reason", so the dashboard form shows it next to the field.
  const refuse = (failure: TaxationFailure) => invalidTaxation(failure.field ? `${failure.field}: ${failure.reason}` : failure.reason);
  const icms = validateIcmsTaxation(effectiveRegime, { icmsCst: cst, icmsRate: data.icmsRate });
  if (!icms.ok) throw refuse(icms);
  data.icmsRate = icms.normalized.icmsRate === null ? null : icms.normalized.icmsRate.toString();
  const others = validateOtherTaxes({ icmsOrigin: data.icmsOrigin, pisCst: data.pisCst, pisRate: data.pisRate, cofinsCst: data.cofinsCst, cofinsRate: data.cofinsRate, ipiCst: data.ipiCst, ipiRate: data.ipiRate });
  if (!others.ok) throw refuse(others);
  return data as Prisma.FiscalTemplateUncheckedUpdateInput;
}
