import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { receivedDanfeContract, receivedXmlContract } from "./contracts";
import { ManifestationInput, ReceivedDocumentResponse, ReceivedXmlQuery, SyncResponse } from "./schemas";

// The dashboard's routes for "Notas recebidas" (handleSession): the same
// schemas as /v1; manifestation and sync for ADMIN and ACCOUNTANT only.

const TAG = "Dashboard: received documents";
const company = z.object({ companyId: z.string().min(1) });
const params = company.extend({ id: z.string().min(1).max(64) });

export const dashboardReceivedXmlContract = defineContract({ ...receivedXmlContract, path: "/api/dashboard/companies/{companyId}/received-documents/{id}/xml", tag: TAG, scope: null, params });
export const dashboardReceivedDanfeContract = defineContract({ ...receivedDanfeContract, path: "/api/dashboard/companies/{companyId}/received-documents/{id}/danfe", tag: TAG, scope: null, params });

export const dashboardManifestContract = defineContract({
  method: "POST",
  path: "/api/dashboard/companies/{companyId}/received-documents/{id}/manifestation",
  summary: "Register the recipient's manifestation",
  tag: TAG,
  scope: null,
  params,
  body: ManifestationInput,
  response: ReceivedDocumentResponse,
  errorStatuses: [400, 403, 404, 409, 422, 429, 503],
});

export const dashboardSyncContract = defineContract({
  method: "POST",
  path: "/api/dashboard/companies/{companyId}/received-documents/sync",
  summary: "Query the national distribution now",
  tag: TAG,
  scope: null,
  params: company,
  bodyOptional: true,
  response: SyncResponse,
  errorStatuses: [403, 422, 429, 503],
});

export const ZipQuery = z.object({
  ids: z
    .string()
    .min(1)
    .max(64 * 100 + 99)
    .transform((value) => [...new Set(value.split(",").map((id) => id.trim()).filter(Boolean))])
    .refine((ids) => ids.length >= 1 && ids.length <= 100, "must name 1 to 100 documents"),
});

export const dashboardReceivedZipContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/received-documents/zip",
  summary: "Download a ZIP with the XML of the selected received NF-e (those whose full XML arrived)",
  tag: TAG,
  scope: null,
  params: company,
  query: ZipQuery,
  responseContentType: "application/zip",
  errorStatuses: [400, 404],
});

export { ReceivedXmlQuery };
