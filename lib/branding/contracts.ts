import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { CompanyIdParams } from "@/lib/companies/api/schemas";
import { LOGO_MAX_BYTES } from "./logo-image";

// The company's logo (docs/api-notes/branding.md): the dashboard's internal routes (handleSession; the same
// schemas validate the routes and the settings form), and below them /v1/companies/{id}/logo for account keys.

const companyParams = z.object({ companyId: z.string().min(1) });
const tag = "Dashboard: settings";
const path = "/api/dashboard/companies/{companyId}/logo";

export const UploadLogoBody = z.object({
  imageBase64: z
    .string()
    .min(1, "choose a PNG or JPEG file")
    .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4, `the file is larger than ${LOGO_MAX_BYTES / 1024} KB`)
    .regex(/^[A-Za-z0-9+/=\s]+$/, "must be base64"),
});
export type UploadLogoBody = z.input<typeof UploadLogoBody>;

export const LogoSummarySchema = z.object({
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  printOnDocuments: z.boolean(),
  uploadedAt: z.string(),
});

export const LogoPrintingBody = z.object({ printOnDocuments: z.boolean() });
export type LogoPrintingBody = z.input<typeof LogoPrintingBody>;

export const getLogoContract = defineContract({
  method: "GET", path, summary: "The company's logo (type, size in pixels, whether it prints)", tag, scope: null,
  params: companyParams, response: z.object({ logo: LogoSummarySchema.nullable() }),
});

export const uploadLogoContract = defineContract({
  method: "PUT", path, summary: "Upload or replace the logo printed on the DANFE and DANFE NFC-e (PNG or JPEG, at most 200 KB, 32 to 2000 pixels a side)", tag, scope: null,
  params: companyParams, body: UploadLogoBody, response: LogoSummarySchema, errorStatuses: [400, 404, 422],
  maxBodyBytes: Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 1024,
});

export const logoPrintingContract = defineContract({
  method: "PATCH", path, summary: "Print the logo on the documents, or leave it off (the file is kept)", tag, scope: null,
  params: companyParams, body: LogoPrintingBody, response: LogoSummarySchema, errorStatuses: [404],
});

export const deleteLogoContract = defineContract({
  method: "DELETE", path, summary: "Remove the logo", tag, scope: null,
  params: companyParams, response: z.object({ deleted: z.boolean() }),
});

// /v1/companies/{id}/logo (account keys, companies:read / companies:write; docs/api-notes/branding.md):
// the routes of /v1/companies, kept in this room because companies sits below branding (scripts/check-layers.ts).
const companiesTag = "Companies";
const accountOnly = "Needs an account API key (fsa_…). ";

/** PUT /v1/companies/{id}/logo: the file in base64 and its type; lib/branding validates the bytes (saveCompanyLogo). */
export const PutCompanyLogoBody = z
  .object({
    contentType: z.enum(["image/png", "image/jpeg"]),
    base64: z
      .string()
      .min(1)
      .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4, `the file is larger than ${LOGO_MAX_BYTES / 1024} KB`)
      .regex(/^[A-Za-z0-9+/=\s]+$/, "must be base64"),
    printOnDocuments: z.boolean().optional(),
  })
  .strict();
const CompanyLogoQuery = z.object({ download: z.enum(["true", "false"]).default("false").transform((value) => value === "true") });
export const getCompanyLogoContract = defineContract({
  method: "GET", path: "/v1/companies/{id}/logo", summary: "The company's logo: its type, pixel size and whether it prints (null without one); download=true answers the image", tag: companiesTag, scope: "companies:read",
  params: CompanyIdParams, query: CompanyLogoQuery, response: z.object({ logo: LogoSummarySchema.nullable() }), errorStatuses: [404],
  description: `${accountOnly}With download=true the answer is the stored file (image/png or image/jpeg, Content-Disposition attachment), 404 not_found without a logo.`,
});
export const putCompanyLogoContract = defineContract({
  method: "PUT", path: "/v1/companies/{id}/logo", summary: "Upload or replace the logo printed on the DANFE and DANFE NFC-e (PNG or JPEG, at most 200 KB, 32 to 2000 pixels a side)", tag: companiesTag, scope: "companies:write",
  params: CompanyIdParams, body: PutCompanyLogoBody, response: LogoSummarySchema, errorStatuses: [404, 422], maxBodyBytes: Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 1024,
  description: `${accountOnly}422 invalid_logo when the file is not a valid PNG or JPEG, is not of contentType, or is outside the limits (the message says which). printOnDocuments absent: a new logo prints, a replaced one keeps its choice.`,
});
export const deleteCompanyLogoContract = defineContract({
  method: "DELETE", path: "/v1/companies/{id}/logo", summary: "Remove the company's logo", tag: companiesTag, scope: "companies:write",
  params: CompanyIdParams, response: z.object({ deleted: z.boolean() }), errorStatuses: [404], description: accountOnly,
});

export const brandingApiContracts = [getCompanyLogoContract, putCompanyLogoContract, deleteCompanyLogoContract];
