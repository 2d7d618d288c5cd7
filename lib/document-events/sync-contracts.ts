import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { DocumentIdParams } from "./schemas";
import { SyncDocumentResponse } from "./sync-schemas";

export const syncDocumentContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/{id}/sync",
  summary: "Sync a document with the tax authority (NFeConsultaProtocolo4)",
  description:
    "Consults the authority for the document's access key and brings the document in line with what it holds, with the same settlement the background runs use (DocumentEvent, DomainEvent and webhook): " +
    "an authorization or denial held for a document PROCESSING here (or REJECTED after a lost answer) becomes AUTHORIZED/DENIED; each registered cancellation, CC-e or delivery receipt missing here is recorded (a cancellation makes it CANCELLED, document.cancelled). " +
    "Answers what changed (changes empty when already in line). NFE/NFCE only: 422 sync_not_applicable for an NFSE or a document never sent; 422 authority_rejected; 503 authority_unavailable (also during the company's 656 pause).",
  tag: "Fiscal documents",
  scope: "documents:write",
  params: DocumentIdParams,
  response: SyncDocumentResponse,
  errorStatuses: [404, 422, 503],
});

export const syncDocumentContracts = [syncDocumentContract];

/** The dashboard's "Consultar na SEFAZ" button on the document page: the same call, session params. */
export const dashboardSyncDocumentContract = {
  ...asDashboardContract(syncDocumentContract),
  path: "/api/dashboard/companies/{companyId}/documents/{documentId}/sync",
  params: z.object({ companyId: z.string().min(1), documentId: z.string().min(1).max(64) }),
};
