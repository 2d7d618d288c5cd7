import type { z } from "zod";
import { parseDecimalInput } from "@/lib/br/decimal-input";
import type { NfeSubRuleResponse, NfseSubRuleResponse } from "@/lib/tax-rules/schemas";
import { listOf, orNull } from "@/components/dashboard/resources/form-field";

// Form state of sub-rules: strings as typed ("3,5" stays "3,5" on screen),
// turned into the API body by toNfeBody/toNfseBody (rates as the API's "3.5")
// and validated with the API's own schema and rules.

export const NFE_TEXT_FIELDS = [
  "name", "states", "cfops", "icmsCst", "icmsModBc", "icmsPIcms", "icmsRedBc", "icmsCBenFiscal", "icmsStModBc", "icmsStMva",
  "icmsStRate", "icmsStRedBc", "icmsSnCreditRate", "pisCst", "pisPPis", "cofinsCst", "cofinsPCofins", "ipiCst", "ipiPIpi", "ipiCEnq",
] as const;
/** Percentages: shown with a decimal comma, sent as the API's decimal string. */
export const NFE_DECIMAL_FIELDS: ReadonlySet<string> = new Set(["icmsPIcms", "icmsRedBc", "icmsStMva", "icmsStRate", "icmsStRedBc", "icmsSnCreditRate", "pisPPis", "cofinsPCofins", "ipiPIpi"]);
export type NfeSubRuleState = Record<(typeof NFE_TEXT_FIELDS)[number], string> & { clientTypes: string[]; isActive: boolean };

export const NFSE_TEXT_FIELDS = ["name", "operationNature", "issRate", "pisRate", "cofinsRate", "deductionsRate", "irRate", "inssRate", "csllRate", "piscofinsCst", "additionalInfo", "serviceLocationMunicipality", "incidenceMunicipality"] as const;
export const NFSE_DECIMAL_FIELDS: ReadonlySet<string> = new Set(["issRate", "pisRate", "cofinsRate", "deductionsRate", "irRate", "inssRate", "csllRate"]);
export const RETENTIONS = ["issRetention", "pisRetention", "cofinsRetention", "irRetention", "inssRetention", "csllRetention"] as const;
export type NfseSubRuleState = Record<(typeof NFSE_TEXT_FIELDS)[number], string> & Record<(typeof RETENTIONS)[number], boolean> & { serviceLocation: string[]; isActive: boolean };

export function emptyNfeSubRule(): NfeSubRuleState {
  const state = Object.fromEntries(NFE_TEXT_FIELDS.map((f) => [f, ""])) as unknown as NfeSubRuleState;
  return { ...state, clientTypes: [], isActive: true };
}

export function emptyNfseSubRule(): NfseSubRuleState {
  const text = Object.fromEntries(NFSE_TEXT_FIELDS.map((f) => [f, ""])) as Record<(typeof NFSE_TEXT_FIELDS)[number], string>;
  const flags = Object.fromEntries(RETENTIONS.map((f) => [f, false])) as Record<(typeof RETENTIONS)[number], boolean>;
  return { ...text, ...flags, issRate: "0", pisRate: "0", cofinsRate: "0", deductionsRate: "0", serviceLocationMunicipality: "MUNICIPIO_PRESTACAO_SERVICO", incidenceMunicipality: "MUNICIPIO_PRESTACAO_SERVICO", serviceLocation: [], isActive: true };
}

export function nfeStateFrom(sub: z.infer<typeof NfeSubRuleResponse>): NfeSubRuleState {
  const state = emptyNfeSubRule();
  for (const field of NFE_TEXT_FIELDS) {
    const value = sub[field];
    state[field] = Array.isArray(value) ? value.join(", ") : NFE_DECIMAL_FIELDS.has(field) ? commaDecimal(value ?? "") : (value ?? "");
  }
  return { ...state, clientTypes: sub.clientTypes, isActive: sub.isActive };
}

export function nfseStateFrom(sub: z.infer<typeof NfseSubRuleResponse>): NfseSubRuleState {
  const state = emptyNfseSubRule();
  for (const field of NFSE_TEXT_FIELDS) state[field] = NFSE_DECIMAL_FIELDS.has(field) ? commaDecimal(sub[field] ?? "") : (sub[field] ?? "");
  for (const field of RETENTIONS) state[field] = sub[field];
  return { ...state, serviceLocation: sub.serviceLocation, isActive: sub.isActive };
}

export function toNfeBody(state: NfeSubRuleState): Record<string, unknown> {
  const body: Record<string, unknown> = { clientTypes: state.clientTypes, isActive: state.isActive, states: listOf(state.states), cfops: listOf(state.cfops) };
  for (const field of NFE_TEXT_FIELDS) if (field !== "states" && field !== "cfops") body[field] = field === "icmsCst" ? state.icmsCst.trim() : orNull(NFE_DECIMAL_FIELDS.has(field) ? apiDecimal(state[field]) : state[field]);
  return body;
}

export function toNfseBody(state: NfseSubRuleState): Record<string, unknown> {
  const body: Record<string, unknown> = { serviceLocation: state.serviceLocation, isActive: state.isActive };
  for (const field of NFSE_TEXT_FIELDS) body[field] = orNull(NFSE_DECIMAL_FIELDS.has(field) ? apiDecimal(state[field]) : state[field]);
  for (const field of RETENTIONS) body[field] = state[field];
  for (const field of ["issRate", "pisRate", "cofinsRate", "deductionsRate"] as const) body[field] = orNull(apiDecimal(state[field])) ?? 0;
  return body;
}

/** An API decimal ("18.5") as a Brazilian shows it ("18,5"); blank stays blank. */
export function commaDecimal(value: string | number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value).replace(".", ",");
}

/** A rate as typed ("18,5", "18.5") as the API's "18.5"; what does not parse is sent as typed, for the schema to name. */
export function apiDecimal(value: string): string {
  return parseDecimalInput(value) ?? value.trim();
}
