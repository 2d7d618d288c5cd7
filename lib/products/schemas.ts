import { z } from "zod";
import { PaginationQuery } from "@/lib/contracts/pagination";
import { BooleanQuery } from "@/lib/clients/schemas";
import { CodeInput, NumericInput, decimalInput } from "@/lib/contracts/decimal-string";

const rate = NumericInput.nullish();
const code = (max: number) => z.string().trim().min(1).max(max).nullish();

// Unit labels "CODE - DESCRIPTION"; the part before " - " (up to 6 characters) is uCom/uTrib in the XML.
const UnitLabel = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((label) => /^[^\s]{1,6}$/.test(unitCode(label)), "must start with a unit code of up to 6 characters, e.g. UN or UN - UNIDADE");

/** nfeConfig: the product's own taxation (resolution level 3). CEST and CFOPs are checked by the domain (422 codes). */
export const NfeConfigInput = z.object({
  ncm: z.string().trim().transform((s) => s.replace(/\./g, "")).pipe(z.string().regex(/^\d{8}$/, "must have 8 digits")).nullish(),
  cest: z.string().trim().max(12).nullish(),
  internalCfop: z.string().trim().max(8).nullish(),
  interstateContributor: z.string().trim().max(8).nullish(),
  interstateNonContributor: z.string().trim().max(8).nullish(),
  exportCfop: z.string().trim().max(8).nullish(),
  icmsOrigin: CodeInput.nullish(),
  icmsCst: code(3),
  icmsModBc: CodeInput.nullish(),
  icmsRate: rate,
  icmsRedBc: rate,
  icmsStModBc: CodeInput.nullish(),
  icmsStMva: rate,
  icmsStRate: rate,
  icmsStRedBc: rate,
  icmsSnCreditRate: rate,
  pisCst: code(2),
  pisRate: rate,
  cofinsCst: code(2),
  cofinsRate: rate,
  ipiCst: code(2),
  ipiRate: rate,
  ipiCEnq: code(3),
  taxRuleId: z.string().trim().min(1).nullish(),
});
export type NfeConfigInput = z.infer<typeof NfeConfigInput>;

const productFields = {
  name: z.string().trim().min(1).max(120),
  code: z.string().trim().min(1).max(60),
  // Product.salePrice is Decimal(15, 4).
  salePrice: decimalInput(15, 4).refine((v) => Number(v) >= 0, "must be at least 0"),
  gtin: z.string().trim().regex(/^(SEM GTIN|\d{8}|\d{12,14})$/, "must be a GTIN of 8, 12, 13 or 14 digits, or SEM GTIN").nullish(),
  commercialUnit: UnitLabel.optional(),
  taxUnit: UnitLabel.optional(),
  taxUnitExport: UnitLabel.optional(),
  isActive: z.boolean().optional(),
  nfeConfig: NfeConfigInput.nullish(),
};

export const CreateProductInput = z.object(productFields);
export type CreateProductInput = z.infer<typeof CreateProductInput>;
export const UpdateProductInput = z.object(productFields).partial();
export type UpdateProductInput = z.infer<typeof UpdateProductInput>;

export const ListProductsQuery = PaginationQuery.extend({
  search: z.string().trim().max(100).optional(),
  isActive: BooleanQuery.optional(),
});
export type ListProductsQuery = z.infer<typeof ListProductsQuery>;

export const ProductIdParams = z.object({ id: z.string().min(1) });

const nullableString = z.string().nullable();
export const NfeConfigResponse = z.object({
  ncm: nullableString, cest: nullableString, internalCfop: nullableString, interstateContributor: nullableString,
  interstateNonContributor: nullableString, exportCfop: nullableString, icmsOrigin: nullableString, icmsCst: nullableString,
  icmsModBc: nullableString, icmsRate: nullableString, icmsRedBc: nullableString, icmsStModBc: nullableString,
  icmsStMva: nullableString, icmsStRate: nullableString, icmsStRedBc: nullableString, icmsSnCreditRate: nullableString,
  pisCst: nullableString, pisRate: nullableString, cofinsCst: nullableString, cofinsRate: nullableString,
  ipiCst: nullableString, ipiRate: nullableString, ipiCEnq: nullableString, taxRuleId: nullableString,
});
export type NfeConfigResponse = z.infer<typeof NfeConfigResponse>;

export const ProductResponse = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  salePrice: z.string(),
  gtin: nullableString,
  commercialUnit: z.string(),
  taxUnit: z.string(),
  taxUnitExport: z.string(),
  isActive: z.boolean(),
  nfeConfig: NfeConfigResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductResponse = z.infer<typeof ProductResponse>;

export const DEFAULT_UNITS = { commercialUnit: "UN - UNIDADE", taxUnit: "UN - UNIDADE", taxUnitExport: "KG - QUILOGRAMA" } as const;

/** The unit code written to uCom/uTrib: the label's part before " - ". */
export function unitCode(label: string): string {
  return label.split(" - ")[0]!.trim();
}
