import { defineContract } from "@/lib/contracts/contract";
import { DocumentDanfeQuery, DocumentEventParams, DocumentEventPdfQuery, DocumentEventXmlQuery, DocumentIdParams, DocumentXmlQuery } from "./schemas";

export const documentXmlContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-documents/{id}/xml",
  summary: "Download the authorized (nfeProc) or signed XML",
  description: "type=authorized (default) is the nfeProc (for a DENIED document the denied nfeProc, whose protNFe carries cStat 110/301/302/303); type=signed the signed NFe. download=true sends Content-Disposition attachment (file <accessKey>-nfe.xml). 404 document_not_available when the document has no such XML.",
  tag: "Fiscal documents",
  scope: "documents:read",
  params: DocumentIdParams,
  query: DocumentXmlQuery,
  responseContentType: "application/xml",
  errorStatuses: [404],
});

export const DANFE_DESCRIPTION =
  "Rendered on each request from the authorized XML: A4 DANFE for NFE (orientation=portrait default, or landscape), DANFE NFC-e roll with QR code for NFCE (width=80 default, or 58; format=escpos gives ESC/POS printer commands instead of the PDF). " +
  "preview=true renders a DRAFT or REJECTED NFE/NFCE from the XML emission would build, marked PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL, without number, key or protocol; nothing is stored or numbered. " +
  "HOMOLOGATION prints SEM VALOR FISCAL, a cancelled document CANCELADA. 404 document_not_available when the document is not authorized (without preview); " +
  "422 document_denied for a DENIED document (a denial has no DANFE; its XML stays downloadable) and document_inutilized for an INUTILIZED one; " +
  "422 print_option_not_applicable for an option of the other type (orientation on NFCE, width or escpos on NFE); 422 preview_not_applicable for a preview of a document that is not DRAFT/REJECTED (an NFSE draft previews as a DANFSe); a preview also answers emission's own 422 codes (fiscal_settings_incomplete, csc_missing, client_changed). " +
  "PDFs render in a shared pool, a few per company at once: 429 rate_limited with Retry-After when too many of the company's wait.";

export const documentDanfeContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-documents/{id}/danfe",
  summary: "Download the DANFE (PDF or ESC/POS) of an NF-e or NFC-e, or preview a draft",
  description: DANFE_DESCRIPTION,
  tag: "Fiscal documents",
  scope: "documents:read",
  params: DocumentIdParams,
  query: DocumentDanfeQuery,
  responseContentType: "application/pdf",
  errorStatuses: [404, 422, 429, 500, 503],
});

export const DACCE_DESCRIPTION =
  "The DACCE (auxiliary print of a registered correction letter, event 110110): the corrected NF-e's key, number and recipient, the letter's sequence, date and protocol, its text and the conditions of use. " +
  "404 for an event of another document or company, 404 document_not_available for a letter the authority refused, 422 print_option_not_applicable for other event kinds; 429 rate_limited with Retry-After when too many of the company's PDFs wait for a render.";

export const documentEventPdfContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-documents/{id}/events/{eventId}/pdf",
  summary: "Download the DACCE (PDF) of a registered correction letter",
  description: DACCE_DESCRIPTION,
  tag: "Fiscal documents",
  scope: "documents:read",
  params: DocumentEventParams,
  query: DocumentEventPdfQuery,
  responseContentType: "application/pdf",
  errorStatuses: [404, 422, 429, 500, 503],
});

export const documentEventXmlContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-documents/{id}/events/{eventId}/xml",
  summary: "Download the XML of a registered event (cancellation, correction letter, delivery receipt)",
  description:
    "The event's legal record as the authority registered it: for NFE/NFCE the procEventoNFe (the signed evento with the authority's retEvento) of a cancellation (110111), correction letter (110110), delivery receipt (110130) or its cancellation (110131); for NFSE the cancellation event XML returned by Sefin. " +
    "The event ids are those of the document detail's events. download=true sends Content-Disposition attachment (file <accessKey>-<type>-<canc|cce|entrega|canc-entrega>-<sequence>.xml). " +
    "404 for an unknown event, an event of another document or another company's document; 404 document_not_available for an event the authority refused, or for an authorization or rejection (their XML is GET /v1/fiscal-documents/{id}/xml).",
  tag: "Fiscal documents",
  scope: "documents:read",
  params: DocumentEventParams,
  query: DocumentEventXmlQuery,
  responseContentType: "application/xml",
  errorStatuses: [404],
});

export const downloadContracts = [documentXmlContract, documentDanfeContract, documentEventPdfContract, documentEventXmlContract];
