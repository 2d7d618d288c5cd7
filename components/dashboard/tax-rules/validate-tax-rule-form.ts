import type { z } from "zod";
import { zodFieldErrors, type FieldErrors } from "@/components/dashboard/resources/field-errors";
import { CreateTaxRuleInput } from "@/lib/tax-rules/schemas";
import { validateNfeSubRule, validateNfseSubRule } from "@/lib/tax-rules/validate-sub-rules";
import type { TaxRegime } from "@/lib/tax/taxation-rules";

/**
 * The API's checks, run in the browser before sending: the request schema,
 * then each sub-rule through the same taxation rules (so a missing MVA shows
 * next to the MVA field with the message the API would give).
 */
export function validateTaxRuleForm(regime: TaxRegime, body: unknown, describe: (issue: z.core.$ZodIssue) => string): { ok: true; body: CreateTaxRuleInput } | { ok: false; errors: FieldErrors } {
  const parsed = CreateTaxRuleInput.safeParse(body);
  if (!parsed.success) return { ok: false, errors: zodFieldErrors(parsed.error, describe) };
  const errors: FieldErrors = {};
  parsed.data.nfeTaxRules.forEach((sub, index) => {
    const result = validateNfeSubRule(regime, sub);
    if (!result.ok) errors[`nfeTaxRules.${index}.${result.field ?? "icmsCst"}`] = result.reason;
  });
  parsed.data.nfseTaxRules.forEach((sub, index) => {
    const result = validateNfseSubRule(sub);
    if (!result.ok) errors[`nfseTaxRules.${index}.${result.field ?? "issRate"}`] = result.reason;
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body: parsed.data };
}
