import { z } from "zod";
import { normalizeStateRegistration } from "@/lib/companies/state-registration";
import { isStateCode } from "@/lib/br";
import { PaginationQuery } from "@/lib/contracts/pagination";

/** "true"/"false" in a query string (z.coerce.boolean would read "false" as true). */
export const BooleanQuery = z.enum(["true", "false"]).transform((value) => value === "true");

export const ClientTypeSchema = z.enum(["INDIVIDUAL", "COMPANY", "FOREIGN"]);
export const ClientDocumentTypeSchema = z.enum(["CPF", "CNPJ", "FOREIGN", "OTHER"]);
export const IcmsTaxpayerSchema = z.enum(["CONTRIBUINTE", "NAO_CONTRIBUINTE", "ISENTO"]);

const optionalText = (max: number) => z.string().trim().max(max).nullish();

// UF of the recipient, or EX for a foreign address (NF-e layout, UF "EX").
export const ClientStateSchema = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => s === "EX" || isStateCode(s), { message: "unknown state (UF); use EX for a foreign address" });

/** Fields shared by create and PATCH; everything but name is optional. */
const clientFields = {
  name: z.string().trim().min(1).max(60),
  fantasyName: optionalText(60),
  // Digits for CPF/CNPJ (punctuation is stripped); free text for FOREIGN/OTHER; empty = final consumer.
  document: z.string().trim().max(20).nullish(),
  documentType: ClientDocumentTypeSchema.nullish(),
  type: ClientTypeSchema.nullish(),
  // Stored as the NF-e carries it (digits or ISENTO): "110.042.490.114" → "110042490114".
  stateRegistration: z.string().transform(normalizeStateRegistration).pipe(z.string().max(14)).nullish(),
  icmsTaxpayer: IcmsTaxpayerSchema.nullish(),
  email: z.string().trim().email().max(60).nullish(),
  phone: optionalText(14),
  zipCode: z.string().trim().transform((s) => s.replace(/\D/g, "")).pipe(z.string().regex(/^(\d{8})?$/, "must have 8 digits")).nullish(),
  street: optionalText(60),
  number: optionalText(60),
  complement: optionalText(60),
  neighborhood: optionalText(60),
  city: optionalText(60),
  state: ClientStateSchema.nullish(),
  municipalityCode: z.string().trim().regex(/^\d{7}$/, "must be the 7-digit IBGE code").nullish(),
  countryCode: z.string().trim().regex(/^\d{4}$/, "must be the 4-digit BACEN country code").nullish(),
  isActive: z.boolean().optional(),
};

export const CreateClientInput = z.object(clientFields);
export type CreateClientInput = z.infer<typeof CreateClientInput>;

export const UpdateClientInput = z.object(clientFields).partial();
export type UpdateClientInput = z.infer<typeof UpdateClientInput>;

export const ListClientsQuery = PaginationQuery.extend({
  search: z.string().trim().max(100).optional(),
  state: ClientStateSchema.optional(),
  documentType: ClientDocumentTypeSchema.optional(),
  isActive: BooleanQuery.optional(),
});
export type ListClientsQuery = z.infer<typeof ListClientsQuery>;

export const ClientIdParams = z.object({ id: z.string().min(1) });

export const ClientResponse = z.object({
  id: z.string(),
  name: z.string(),
  fantasyName: z.string().nullable(),
  document: z.string(),
  documentType: ClientDocumentTypeSchema,
  type: ClientTypeSchema,
  stateRegistration: z.string().nullable(),
  icmsTaxpayer: IcmsTaxpayerSchema.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  zipCode: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  municipalityCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientResponse = z.infer<typeof ClientResponse>;
