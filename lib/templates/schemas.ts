import { z } from "zod";
import { PaginationQuery } from "@/lib/contracts/pagination";
import { CodeInput, NumericInput } from "@/lib/contracts/decimal-string";

export const TemplateTypeSchema = z.enum(["NFE", "NFSE"]);
export const TemplateSourceSchema = z.enum(["company", "tenant", "system"]);

const text = (max: number) => z.string().trim().max(max).nullish();

/** Fields of both models; those that do not apply to the template's type are stored as null. */
const templateFields = {
  name: z.string().trim().min(1).max(120),
  type: TemplateTypeSchema,
  operationNature: text(60),
  // NFE (also used by NFCE documents).
  cfop: text(8),
  icmsOrigin: CodeInput.nullish(),
  icmsCst: text(3),
  icmsRate: NumericInput.nullish(),
  ipiCst: text(2),
  ipiRate: NumericInput.nullish(),
  // Both models.
  pisCst: text(2),
  pisRate: NumericInput.nullish(),
  cofinsCst: text(2),
  cofinsRate: NumericInput.nullish(),
  additionalInfo: text(2000),
  // NFSE: municipal service code and national service code (cTribNac, 6 digits).
  serviceCode: text(20),
  nationalServiceCode: z.string().trim().regex(/^\d{6}$/, "must have 6 digits (cTribNac)").nullish(),
};

export const CreateTemplateInput = z.object(templateFields);
export type CreateTemplateInput = z.infer<typeof CreateTemplateInput>;
export const UpdateTemplateInput = z.object(templateFields).partial();
export type UpdateTemplateInput = z.infer<typeof UpdateTemplateInput>;

export const ListTemplatesQuery = PaginationQuery.extend({
  type: TemplateTypeSchema.optional(),
  source: TemplateSourceSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type ListTemplatesQuery = z.infer<typeof ListTemplatesQuery>;

export const TemplateIdParams = z.object({ id: z.string().min(1) });

const ns = z.string().nullable();
export const TemplateResponse = z.object({
  id: z.string(),
  name: z.string(),
  type: TemplateTypeSchema,
  source: TemplateSourceSchema,
  operationNature: ns,
  cfop: ns,
  icmsOrigin: ns,
  icmsCst: ns,
  icmsRate: ns,
  ipiCst: ns,
  ipiRate: ns,
  pisCst: ns,
  pisRate: ns,
  cofinsCst: ns,
  cofinsRate: ns,
  additionalInfo: ns,
  serviceCode: ns,
  nationalServiceCode: ns,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateResponse = z.infer<typeof TemplateResponse>;
