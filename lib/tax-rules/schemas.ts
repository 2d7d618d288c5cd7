import { z } from "zod";
import { PaginationQuery } from "@/lib/contracts/pagination";
import { BooleanQuery } from "@/lib/clients/schemas";
import { StateCodeSchema } from "@/lib/companies/schemas";
import { CodeInput, NumericInput } from "@/lib/contracts/decimal-string";

export const TaxRuleModelSchema = z.enum(["NFE", "NFSE"]);
export const NfeClientTypeSchema = z.enum(["CONTRIBUINTE", "NAO_CONTRIBUINTE", "ESTRANGEIRO"]);
export const ServiceLocationSchema = z.enum(["NO_MUNICIPIO_EMPRESA", "FORA_MUNICIPIO_EMPRESA", "EXTERIOR"]);
export const MunicipalityChoiceSchema = z.enum(["MUNICIPIO_PRESTACAO_SERVICO", "MUNICIPIO_CLIENTE", "MUNICIPIO_EMPRESA"]);

const rate = NumericInput.nullish();
const text = (max: number) => z.string().trim().max(max).nullish();

/** NFE sub-rule (spec, Tax rule). Code tables and requirements are checked by the domain (422 invalid_taxation). */
export const NfeSubRuleInput = z.object({
  name: text(120),
  states: z.array(StateCodeSchema).default([]),
  clientTypes: z.array(NfeClientTypeSchema).default([]),
  // 4 digits, compared by their last 3; anything else is 422 invalid_taxation (spec).
  cfops: z.array(z.string().trim().max(10)).default([]),
  icmsCst: z.string().trim().min(1, "is required").max(3),
  icmsModBc: CodeInput.nullish(),
  icmsCBenFiscal: text(10),
  icmsPIcms: rate,
  icmsRedBc: rate,
  icmsStModBc: CodeInput.nullish(),
  icmsStMva: rate,
  icmsStRate: rate,
  icmsStRedBc: rate,
  icmsSnCreditRate: rate,
  pisCst: text(2),
  pisPPis: rate,
  cofinsCst: text(2),
  cofinsPCofins: rate,
  ipiCst: text(2),
  ipiPIpi: rate,
  ipiCEnq: text(3),
  isActive: z.boolean().default(true),
});
export type NfeSubRuleInput = z.infer<typeof NfeSubRuleInput>;

/** NFSE sub-rule (spec, Tax rule); rates are percentages 0-100. */
export const NfseSubRuleInput = z.object({
  name: text(120),
  serviceLocation: z.array(ServiceLocationSchema).default([]),
  operationNature: text(120),
  issRate: NumericInput.default(0),
  pisRate: NumericInput.default(0),
  cofinsRate: NumericInput.default(0),
  deductionsRate: NumericInput.default(0),
  irRate: rate,
  inssRate: rate,
  csllRate: rate,
  issRetention: z.boolean().default(false),
  pisRetention: z.boolean().default(false),
  cofinsRetention: z.boolean().default(false),
  irRetention: z.boolean().default(false),
  inssRetention: z.boolean().default(false),
  csllRetention: z.boolean().default(false),
  additionalInfo: text(2000),
  piscofinsCst: text(2),
  serviceLocationMunicipality: MunicipalityChoiceSchema,
  incidenceMunicipality: MunicipalityChoiceSchema,
  isActive: z.boolean().default(true),
});
export type NfseSubRuleInput = z.infer<typeof NfseSubRuleInput>;

export const CreateTaxRuleInput = z.object({
  name: z.string().trim().min(1).max(120),
  model: TaxRuleModelSchema,
  isActive: z.boolean().default(true),
  nfeTaxRules: z.array(NfeSubRuleInput).max(200).default([]),
  nfseTaxRules: z.array(NfseSubRuleInput).max(200).default([]),
});
export type CreateTaxRuleInput = z.infer<typeof CreateTaxRuleInput>;

export const UpdateTaxRuleInput = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  model: TaxRuleModelSchema.optional(),
  isActive: z.boolean().optional(),
  nfeTaxRules: z.array(NfeSubRuleInput).max(200).optional(),
  nfseTaxRules: z.array(NfseSubRuleInput).max(200).optional(),
});
export type UpdateTaxRuleInput = z.infer<typeof UpdateTaxRuleInput>;

export const ListTaxRulesQuery = PaginationQuery.extend({
  model: TaxRuleModelSchema.optional(),
  isActive: BooleanQuery.optional(),
  search: z.string().trim().max(100).optional(),
});
export type ListTaxRulesQuery = z.infer<typeof ListTaxRulesQuery>;

export const TaxRuleIdParams = z.object({ id: z.string().min(1) });

const ns = z.string().nullable();
export const NfeSubRuleResponse = z.object({
  id: z.string(), name: ns, states: z.array(z.string()), clientTypes: z.array(z.string()), cfops: z.array(z.string()),
  icmsCst: z.string(), icmsModBc: ns, icmsCBenFiscal: ns, icmsPIcms: ns, icmsRedBc: ns, icmsStModBc: ns, icmsStMva: ns,
  icmsStRate: ns, icmsStRedBc: ns, icmsSnCreditRate: ns, pisCst: ns, pisPPis: ns, cofinsCst: ns, cofinsPCofins: ns,
  ipiCst: ns, ipiPIpi: ns, ipiCEnq: ns, isActive: z.boolean(),
});
export const NfseSubRuleResponse = z.object({
  id: z.string(), name: ns, serviceLocation: z.array(z.string()), operationNature: ns, issRate: z.string(), pisRate: z.string(),
  cofinsRate: z.string(), deductionsRate: z.string(), irRate: ns, inssRate: ns, csllRate: ns, issRetention: z.boolean(),
  pisRetention: z.boolean(), cofinsRetention: z.boolean(), irRetention: z.boolean(), inssRetention: z.boolean(),
  csllRetention: z.boolean(), additionalInfo: ns, piscofinsCst: ns, serviceLocationMunicipality: z.string(),
  incidenceMunicipality: z.string(), isActive: z.boolean(),
});
export const TaxRuleResponse = z.object({
  id: z.string(),
  name: z.string(),
  model: TaxRuleModelSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  nfeTaxRules: z.array(NfeSubRuleResponse),
  nfseTaxRules: z.array(NfseSubRuleResponse),
});
export type TaxRuleResponse = z.infer<typeof TaxRuleResponse>;
