import { z } from "zod";
import { cnpjProblem, isStateCode, municipalityBelongsToState, normalizeDocument } from "@/lib/br";

export const TaxRegimeSchema = z.enum(["SIMPLES_NACIONAL", "SIMPLES_EXCESS", "NORMAL", "MEI"]);
export const EnvironmentSchema = z.enum(["PRODUCTION", "HOMOLOGATION"]);

export const CnpjSchema = z
  .string()
  .transform(normalizeDocument)
  .superRefine((cnpj, ctx) => {
    const problem = cnpjProblem(cnpj);
    if (problem) ctx.addIssue({ code: "custom", message: `invalid CNPJ: ${problem}` });
  })
  .describe("14 characters: 12 digits or capital letters (alphanumeric CNPJ, NT Conjunta 2025.001; not I, O, U, Q, F) and 2 check digits; punctuation is ignored, letters are upper-cased");

export const StateCodeSchema = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .refine(isStateCode, { message: "unknown state (UF)" });

export const CreateCompanyInput = z
  .object({
    tenantId: z.string().min(1).optional(),
    legalName: z.string().trim().min(1).max(60),
    tradeName: z.string().trim().min(1).max(60).optional(),
    cnpj: CnpjSchema,
    state: StateCodeSchema,
    municipalityCode: z.string().regex(/^\d{7}$/, "must be the 7-digit IBGE code"),
    taxRegime: TaxRegimeSchema,
    environment: EnvironmentSchema.default("HOMOLOGATION"),
  })
  .superRefine((value, ctx) => {
    if (!municipalityBelongsToState(value.municipalityCode, value.state)) {
      ctx.addIssue({ code: "custom", path: ["municipalityCode"], message: `does not belong to state ${value.state}` });
    }
  });
export type CreateCompanyInput = z.input<typeof CreateCompanyInput>;
