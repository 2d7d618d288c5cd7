import { defineContract } from "@/lib/contracts/contract";
import { EmitDocumentInput, EmitDocumentParams, EmitDocumentResponse } from "./schemas";

export const emitDocumentContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/{id}/emit",
  summary: "Emit a DRAFT or REJECTED document (asynchronous)",
  description:
    "Moves the document to PROCESSING and queues a background run (its id is runId). The outcome is read from the document status or the document.authorized / document.rejected / document.denied events (document.contingency and status CONTINGENCY for an NFC-e issued offline while the company is in contingency; docs/api-notes/contingency.md). 422 invalid_status when the document is not DRAFT or REJECTED (422 document_denied for a DENIED document and document_inutilized for an INUTILIZED one: their number is used for good); NFSE is sent as a DPS to Sefin Nacional (national NFS-e); 422 client_changed when the client was edited since creation in a way that changes the taxes (state, destination, contributor status, municipality, CPF/CNPJ/foreign): create a new document; 422 recipient_registration_inactive when an NF-e's recipient is a contributor (indIEDest 1) whose IE the state's registry (CadConsultaCadastro4, cached 24 h) shows inactive or does not hold: nothing is numbered or sent (with the company setting recipientRegistrationBlocks false the emission goes on and the answer carries `warnings`); 429 rate_limited when the company has too many emissions in progress; 503 service_unavailable when background processing cannot accept work. With the header `Prefer: wait=N` (RFC 7240, N up to 30 seconds) the request waits for the outcome: 200 with the final status (AUTHORIZED, REJECTED, DENIED…) and `Preference-Applied: wait=N` when it arrives in time, the body then also carrying the document summary that create answers (id, number, accessKey, authorizationDate, pdfUrl, xmlUrl…) beside documentId, status, runId and message; the usual 202 otherwise.",
  tag: "Fiscal documents",
  scope: "documents:write",
  params: EmitDocumentParams,
  body: EmitDocumentInput,
  bodyOptional: true,
  response: EmitDocumentResponse,
  successStatus: 202,
  errorStatuses: [404, 422, 429, 503],
});

export const emissionContracts = [emitDocumentContract];
