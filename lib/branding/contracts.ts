import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { LOGO_MAX_BYTES } from "./logo-image";

// Internal dashboard routes of the company's logo (handleSession; docs/api-notes/branding.md). Not part
// of /v1: the spec has no logo field. The same schemas validate the routes and the settings form.

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
