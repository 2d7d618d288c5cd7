import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { FiscalSettingsObject, UpdateFiscalSettingsInput } from "./fiscal-settings-schema";

// Internal dashboard routes of the company setup (handleSession): fiscal
// settings, readiness, certificate and numbering. Not part of /v1. The same
// schemas validate the routes and the dashboard forms.

// A PFX is a few kilobytes; base64 in JSON, with room for long chains.
const MAX_PFX_BYTES = 64 * 1024;

export const UploadCertificateBody = z.object({
  pfxBase64: z
    .string()
    .min(1, "choose the .pfx or .p12 file")
    .max(Math.ceil((MAX_PFX_BYTES * 4) / 3) + 4, "the file is larger than 64 KB; an A1 certificate is a few KB")
    .regex(/^[A-Za-z0-9+/=\s]+$/, "must be base64"),
  password: z.string().min(1, "type the certificate password").max(256),
});
export type UploadCertificateBody = z.input<typeof UploadCertificateBody>;

export const CertificateSummarySchema = z.object({
  id: z.string(),
  holderName: z.string(),
  holderCnpj: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  daysLeft: z.number().int(),
  expired: z.boolean(),
  expiresSoon: z.boolean(),
  installedAt: z.string(),
});

// An upload's answer: the summary, plus what the installer should know (a HOMOLOGATION test certificate outside ICP-Brasil).
export const InstalledCertificateSchema = CertificateSummarySchema.extend({
  warnings: z.array(z.object({ code: z.enum(["certificate_not_icp_brasil"]), message: z.string() })),
});

// The message's catalogue key and data, so the dashboard can show it in the user's language.
const ReadinessDetailSchema = z.object({ key: z.string(), values: z.record(z.string(), z.string()).optional(), missingFields: z.array(z.string()).optional(), assumedRegApTribSN: z.enum(["1", "2"]).optional() });

export const ReadinessSchema = z.object({
  type: z.enum(["NFE", "NFCE", "NFSE"]),
  ready: z.boolean(),
  checks: z.array(z.object({ id: z.string(), label: z.string(), ok: z.boolean(), blocking: z.boolean(), code: z.string().optional(), message: z.string(), detail: ReadinessDetailSchema })),
});

const base = "/api/dashboard/companies/{companyId}";
const tag = "Dashboard: company setup";

export const getSettingsContract = defineContract({
  method: "GET",
  path: `${base}/settings`,
  summary: "The company's fiscal settings",
  tag,
  scope: null,
  response: FiscalSettingsObject,
});

export const updateSettingsContract = defineContract({
  method: "PATCH",
  path: `${base}/settings`,
  summary: "Update any subset of the fiscal settings; the result is validated as a whole",
  tag,
  scope: null,
  body: UpdateFiscalSettingsInput,
  response: FiscalSettingsObject,
  errorStatuses: [400, 404],
});

export const readinessContract = defineContract({
  method: "GET",
  path: `${base}/settings/readiness`,
  summary: "Emission readiness per document type (the rules emission applies)",
  tag,
  scope: null,
  response: z.object({ data: z.array(ReadinessSchema) }),
});

export const getCertificateContract = defineContract({
  method: "GET",
  path: `${base}/certificate`,
  summary: "The active certificate (never the file nor its password)",
  tag,
  scope: null,
  response: z.object({ active: CertificateSummarySchema.nullable() }),
});

export const uploadCertificateContract = defineContract({
  method: "POST",
  path: `${base}/certificate`,
  summary: "Install an A1 certificate (PKCS#12 in base64 + password); replaces the active one",
  tag,
  scope: null,
  body: UploadCertificateBody,
  response: InstalledCertificateSchema,
  successStatus: 201,
  // 409 cnpj_reserved: another company holds the CNPJ's reservation (docs/api-notes/companies.md).
  errorStatuses: [400, 404, 409, 422],
  maxBodyBytes: 128 * 1024,
});

export const numberingContract = defineContract({
  method: "GET",
  path: `${base}/numbering`,
  summary: "Next number per series and numbers awaiting inutilization",
  tag,
  scope: null,
});
