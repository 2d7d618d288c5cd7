import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { DACCE_DESCRIPTION, DANFE_DESCRIPTION } from "./contracts";
import { DocumentDanfeQuery, DocumentEventPdfQuery, DocumentEventXmlQuery, DocumentXmlQuery } from "./schemas";

// Internal dashboard downloads (handleSession), same files as the /v1 routes.

const params = z.object({ companyId: z.string().min(1), documentId: z.string().min(1).max(64) });

export const dashboardDocumentXmlContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/documents/{documentId}/xml",
  summary: "Download the document XML",
  tag: "Dashboard: documents",
  scope: null,
  params,
  query: DocumentXmlQuery,
  responseContentType: "application/xml",
  errorStatuses: [404],
});

export const dashboardDocumentDanfeContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/documents/{documentId}/danfe",
  summary: "Download the DANFE, or preview a draft (preview=true)",
  description: DANFE_DESCRIPTION,
  tag: "Dashboard: documents",
  scope: null,
  params,
  query: DocumentDanfeQuery,
  responseContentType: "application/pdf",
  errorStatuses: [404, 422, 429, 500, 503],
});

const eventParams = params.extend({ eventId: z.string().min(1).max(64) });

export const dashboardDocumentEventXmlContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/documents/{documentId}/events/{eventId}/xml",
  summary: "Download the XML of a registered event (procEventoNFe or the NFS-e event)",
  tag: "Dashboard: documents",
  scope: null,
  params: eventParams,
  query: DocumentEventXmlQuery,
  responseContentType: "application/xml",
  errorStatuses: [404],
});

export const dashboardDocumentEventPdfContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/documents/{documentId}/events/{eventId}/pdf",
  summary: "Download the DACCE of a registered correction letter",
  description: DACCE_DESCRIPTION,
  tag: "Dashboard: documents",
  scope: null,
  params: eventParams,
  query: DocumentEventPdfQuery,
  responseContentType: "application/pdf",
  errorStatuses: [404, 422, 429, 500, 503],
});
