import { z } from "zod";
import { CreateApiKeyBody } from "@/lib/auth/api-key-contracts";
import { PaginationQuery } from "@/lib/contracts/pagination";
import { FiscalSettingsObject } from "../fiscal-settings-schema";
import { EnvironmentSchema } from "../schemas";

// The companies API (docs/api-notes/companies.md): the company record's own
// fields, flat, validated by the fiscal settings' schema (the dashboard's),
// so the two cannot disagree on a CNPJ, an IE or an IBGE code.

const IDENTITY = {
  legalName: true,
  tradeName: true,
  cnpj: true,
  stateRegistration: true,
  municipalRegistration: true,
  taxRegime: true,
  environment: true,
  zipCode: true,
  street: true,
  streetNumber: true,
  complement: true,
  neighborhood: true,
  city: true,
  state: true,
  municipalityCode: true,
  phone: true,
  email: true,
} as const;
const CompanyIdentity = FiscalSettingsObject.pick(IDENTITY);

export const CreateCompanyBody = CompanyIdentity.extend({ environment: EnvironmentSchema.default("HOMOLOGATION") }).strict();
export type CreateCompanyBody = z.output<typeof CreateCompanyBody>;
export const UpdateCompanyBody = CompanyIdentity.partial().strict();
export type UpdateCompanyBody = z.input<typeof UpdateCompanyBody>;

const text = z.string().nullable();
export const CompanyResource = z.object({
  id: z.string(),
  tenantId: z.string(),
  legalName: z.string(),
  tradeName: text,
  cnpj: z.string(),
  stateRegistration: text,
  municipalRegistration: text,
  taxRegime: z.enum(["SIMPLES_NACIONAL", "SIMPLES_EXCESS", "NORMAL", "MEI"]),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  zipCode: text,
  street: text,
  streetNumber: text,
  complement: text,
  neighborhood: text,
  city: text,
  state: z.string(),
  municipalityCode: z.string(),
  phone: text,
  email: text,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyResource = z.infer<typeof CompanyResource>;

export const CompanyIdParams = z.object({ id: z.string().min(1).max(64) });
export const ListCompaniesQuery = PaginationQuery;

/** The fiscal settings as the API reads them: the CSC token and the CSRT are write-only. */
export const FiscalSettingsResource = FiscalSettingsObject.omit({ cscToken: true, respTecCsrt: true }).extend({
  cscTokenConfigured: z.boolean(),
  respTecCsrtConfigured: z.boolean(),
});

/** MDFE: the MDF-e's model 58 counters (lib/mdfe; docs/api-notes/mdfe.md, Numbering). */
export const SeriesType = z.enum(["NFE", "NFCE", "NFSE", "MDFE"]);
export type SeriesType = z.infer<typeof SeriesType>;
const seriesNumber = z.number().int().min(0, "series is 0 to 999").max(999, "series is 0 to 999");
export const CreateSeriesBody = z
  .object({
    type: SeriesType,
    series: seriesNumber,
    /** The next number to hand out (a company moving from another issuer continues its sequence); 1 by default. */
    nextNumber: z.number().int().min(1).max(999_999_999).optional(),
    /** Make it the company's default series of the type (the one emission uses). */
    default: z.boolean().optional(),
    /** Inutilize this series' confirmed gaps automatically before the legal deadline (NFE/NFCE; off by default; docs/api-notes/inutilizations.md). */
    autoInutilize: z.boolean().optional(),
  })
  .strict()
  // The MDF-e has no inutilização service (MOC MDF-e 3.00a lists none) and no default-series column:
  // POST /v1/transport-manifests names its series (default 1), so series 1 is the MDF-e default.
  .refine((b) => b.type !== "MDFE" || !b.autoInutilize, { message: "an MDF-e series has no inutilization (the MDF-e has no such service)", path: ["autoInutilize"] })
  .refine((b) => b.type !== "MDFE" || b.default !== true || b.series === 1, { message: "the MDF-e default series is 1 (POST /v1/transport-manifests takes series, default 1); name another series in the manifest request", path: ["default"] });
export type CreateSeriesBody = z.output<typeof CreateSeriesBody>;
export const UpdateSeriesBody = CreateSeriesBody.refine((b) => b.nextNumber !== undefined || b.default !== undefined || b.autoInutilize !== undefined, {
  message: "send nextNumber, default, autoInutilize or several",
});
export const SeriesResource = z.object({
  type: SeriesType,
  series: z.number().int(),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  nextNumber: z.number().int(),
  isDefault: z.boolean(),
  autoInutilize: z.boolean(),
});

/** A company key created by an account key: the company scopes the account key holds unless narrowed (lib/auth/grant-scopes.ts). */
export const CreateCompanyKeyBody = CreateApiKeyBody.extend({
  scopes: CreateApiKeyBody.shape.scopes.optional(),
});
