import { isCfop, readPercent, validateIcmsTaxation, validateOtherTaxes, type TaxRegime, type TaxationFailure } from "@/lib/tax/taxation-rules";
import type { NfeSubRuleInput, NfseSubRuleInput } from "./schemas";

// Pure checks of one sub-rule, shared by the API (422 invalid_taxation) and
// the dashboard form (inline messages next to the field named in `field`).

export type NfeSubRuleData = Omit<NfeSubRuleInput, "icmsPIcms" | "icmsRedBc" | "icmsStMva" | "icmsStRate" | "icmsStRedBc" | "icmsSnCreditRate" | "pisPPis" | "cofinsPCofins" | "ipiPIpi" | "icmsModBc" | "icmsStModBc"> & {
  icmsModBc: string | null; icmsStModBc: string | null;
  icmsPIcms: string | null; icmsRedBc: string | null; icmsStMva: string | null; icmsStRate: string | null; icmsStRedBc: string | null;
  icmsSnCreditRate: string | null; pisPPis: string | null; cofinsPCofins: string | null; ipiPIpi: string | null;
};

// Names of the shared rules' fields → the sub-rule's field names (spec, NFE sub-rule).
const FIELD_ALIAS: Record<string, string> = { icmsRate: "icmsPIcms", pisRate: "pisPPis", cofinsRate: "cofinsPCofins", ipiRate: "ipiPIpi" };
const alias = (failure: TaxationFailure): TaxationFailure => {
  if (!failure.field) return failure;
  const field = FIELD_ALIAS[failure.field] ?? failure.field;
  return { ok: false, field, reason: failure.reason.replace(failure.field, field) };
};

const str = (value: { toString(): string } | null | undefined) => (value === null || value === undefined ? null : value.toString());

export function validateNfeSubRule(regime: TaxRegime, input: NfeSubRuleInput): { ok: true; data: NfeSubRuleData } | TaxationFailure {
  for (const cfop of input.cfops) {
    if (!isCfop(cfop)) return { ok: false, field: "cfops", reason: `cfops: CFOP ${cfop} must have 4 digits (1xxx to 7xxx)` };
  }
  const cBenef = input.icmsCBenFiscal || null;
  if (cBenef !== null && !/^[A-Z0-9]{8}([A-Z0-9]{2})?$/i.test(cBenef)) {
    return { ok: false, field: "icmsCBenFiscal", reason: "icmsCBenFiscal (cBenef) must have 8 or 10 characters" };
  }
  const icms = validateIcmsTaxation(regime, {
    icmsCst: input.icmsCst, icmsModBc: input.icmsModBc, icmsRate: input.icmsPIcms, icmsRedBc: input.icmsRedBc,
    icmsStModBc: input.icmsStModBc, icmsStMva: input.icmsStMva, icmsStRate: input.icmsStRate, icmsStRedBc: input.icmsStRedBc,
    icmsSnCreditRate: input.icmsSnCreditRate,
  });
  if (!icms.ok) return alias(icms);
  const others = validateOtherTaxes({
    pisCst: input.pisCst || null, pisRate: input.pisPPis, cofinsCst: input.cofinsCst || null, cofinsRate: input.cofinsPCofins,
    ipiCst: input.ipiCst || null, ipiRate: input.ipiPIpi, ipiCEnq: input.ipiCEnq || null,
  });
  if (!others.ok) return alias(others);
  const n = icms.normalized;
  return {
    ok: true,
    data: {
      name: input.name || null,
      states: [...new Set(input.states)],
      clientTypes: [...new Set(input.clientTypes)],
      cfops: [...new Set(input.cfops)],
      icmsCst: input.icmsCst,
      icmsModBc: n.icmsModBc,
      icmsCBenFiscal: cBenef ? cBenef.toUpperCase() : null,
      icmsPIcms: str(n.icmsRate),
      icmsRedBc: str(n.icmsRedBc),
      icmsStModBc: n.icmsStModBc,
      icmsStMva: str(n.icmsStMva),
      icmsStRate: str(n.icmsStRate),
      icmsStRedBc: str(n.icmsStRedBc),
      icmsSnCreditRate: str(n.icmsSnCreditRate),
      pisCst: input.pisCst || null,
      pisPPis: str(input.pisPPis),
      cofinsCst: input.cofinsCst || null,
      cofinsPCofins: str(input.cofinsPCofins),
      ipiCst: input.ipiCst || null,
      ipiPIpi: str(input.ipiPIpi),
      ipiCEnq: input.ipiCEnq || null,
      isActive: input.isActive,
    },
  };
}

const NFSE_RATES = ["issRate", "pisRate", "cofinsRate", "deductionsRate", "irRate", "inssRate", "csllRate"] as const;

export function validateNfseSubRule(input: NfseSubRuleInput): { ok: true; data: NfseSubRuleInput } | TaxationFailure {
  for (const field of NFSE_RATES) {
    const read = readPercent(field, input[field]);
    if (!read.ok) return read;
  }
  if (input.piscofinsCst && !/^\d{2}$/.test(input.piscofinsCst)) return { ok: false, field: "piscofinsCst", reason: "piscofinsCst must have 2 digits" };
  return { ok: true, data: { ...input, serviceLocation: [...new Set(input.serviceLocation)] } };
}
