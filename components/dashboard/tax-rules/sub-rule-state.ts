import type { z } from "zod";
import { parseDecimalInput } from "@/lib/br/decimal-input";
import type { NfeSubRuleResponse, NfseSubRuleResponse } from "@/lib/tax-rules/schemas";
import { listOf, orNull } from "@/components/dashboard/resources/form-field";

// Form state of sub-rules: strings as typed, turned into the API body by
// toNfeBody/toNfseBody and validated with the API's own schema and rules.

export const NFE_TEXT_FIELDS = [
  "name", "states", "cfops", "icmsCst", "icmsModBc", "icmsPIcms", "icmsRedBc", "icmsCBenFiscal", "icmsStModBc", "icmsStMva",
  "icmsStRate", "icmsStRedBc", "icmsSnCreditRate", "pisCst", "pisPPis", "cofinsCst", "cofinsPCofins", "ipiCst", "ipiPIpi", "ipiCEnq",
] as const;
export type NfeSubRuleState = Record<(typeof NFE_TEXT_FIELDS)[number], string> & { clientTypes: string[]; isActive: boolean };

export const NFSE_TEXT_FIELDS = ["name", "operationNature", "issRate", "pisRate", "cofinsRate", "deductionsRate", "irRate", "inssRate", "csllRate", "piscofinsCst", "additionalInfo", "serviceLocationMunicipality", "incidenceMunicipality"] as const;
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
    state[field] = Array.isArray(value) ? value.join(", ") : (value ?? "");
  }
  return { ...state, clientTypes: sub.clientTypes, isActive: sub.isActive };
}

export function nfseStateFrom(sub: z.infer<typeof NfseSubRuleResponse>): NfseSubRuleState {
  const state = emptyNfseSubRule();
  for (const field of NFSE_TEXT_FIELDS) state[field] = sub[field] ?? "";
  for (const field of RETENTIONS) state[field] = sub[field];
  return { ...state, serviceLocation: sub.serviceLocation, isActive: sub.isActive };
}

export function toNfeBody(state: NfeSubRuleState): Record<string, unknown> {
  const body: Record<string, unknown> = { clientTypes: state.clientTypes, isActive: state.isActive, states: listOf(state.states), cfops: listOf(state.cfops) };
  for (const field of NFE_TEXT_FIELDS) if (field !== "states" && field !== "cfops") body[field] = field === "icmsCst" ? state.icmsCst.trim() : orNull(state[field]);
  return body;
}

export function toNfseBody(state: NfseSubRuleState): Record<string, unknown> {
  const body: Record<string, unknown> = { serviceLocation: state.serviceLocation, isActive: state.isActive };
  for (const field of NFSE_TEXT_FIELDS) body[field] = orNull(state[field]);
  for (const field of RETENTIONS) body[field] = state[field];
  for (const field of ["issRate", "pisRate", "cofinsRate", "deductionsRate"] as const) body[field] = orNull(state[field]) ?? 0;
  return body;
}

/** A rate typed "18,5" is kept as the API's "18.5" (the form state holds what is sent); anything else as typed. */
export function commaDecimal(value: string): string {
  return /,/.test(value) ? (parseDecimalInput(value) ?? value) : value;
}
