import { defineContract } from "@/lib/contracts/contract";
import {
  CancelDocumentInput,
  CancelDocumentResponse,
  CorrectionLetterInput,
  CorrectionLetterResponse,
  DELIVERY_RECEIPT_MAX_BODY_BYTES,
  DeliveryReceiptInput,
  DeliveryReceiptResponse,
  DocumentIdParams,
} from "./schemas";

const TAG = "Fiscal documents";
const AUTHORITY_ERRORS = "422 document_denied for a DENIED document and document_inutilized for an INUTILIZED one (the number is used for good); 422 authority_rejected (message \"cStat - xMotivo\") when the tax authority refuses the event; 503 authority_unavailable when it cannot be reached.";

export const cancelDocumentContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/{id}/cancel",
  summary: "Cancel an authorized document (event 110111, synchronous)",
  description: `422 invalid_status unless AUTHORIZED; 422 cancel_deadline_expired after 24 h (NF-e) or 30 min (NFC-e) from authorization; 422 delivery_receipt_registered while a delivery receipt is registered. NFSE: event e101101 at Sefin Nacional with cMotivo from the optional nfseReasonCode ("1" erro na emissão, "2" serviço não prestado, "9" outros, the default), no national deadline (the municipality's limits come back as 422 authority_rejected); nfseReasonCode on an NFE/NFCE is 422 cancellation_reason_not_allowed. ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: DocumentIdParams,
  body: CancelDocumentInput,
  response: CancelDocumentResponse,
  errorStatuses: [404, 422, 503],
});

export const correctionLetterContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/{id}/correction-letter",
  summary: "Issue a correction letter (CC-e, event 110110, synchronous)",
  description: `NFE/NFCE only (422 correction_not_allowed for NFSE); 422 invalid_status unless AUTHORIZED; 422 correction_deadline_expired after 30 days; 422 correction_limit_reached after 20 letters. ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: DocumentIdParams,
  body: CorrectionLetterInput,
  response: CorrectionLetterResponse,
  errorStatuses: [404, 422, 503],
});

export const registerDeliveryReceiptContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/{id}/delivery-receipt",
  summary: "Register a delivery receipt (event 110130, NF-e model 55)",
  description: `proof.base64 up to 3 MB decoded, its bytes must match proof.contentType (422 invalid_proof). 422 delivery_receipt_not_allowed for NFCE/NFSE; 422 invalid_status unless AUTHORIZED; 422 delivery_receipt_registered when one is already registered. ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: DocumentIdParams,
  body: DeliveryReceiptInput,
  maxBodyBytes: DELIVERY_RECEIPT_MAX_BODY_BYTES,
  response: DeliveryReceiptResponse,
  errorStatuses: [404, 413, 422, 503],
});

export const cancelDeliveryReceiptContract = defineContract({
  method: "DELETE",
  path: "/v1/fiscal-documents/{id}/delivery-receipt",
  summary: "Cancel the registered delivery receipt (event 110131)",
  description: `422 delivery_receipt_missing when no receipt is registered. ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: DocumentIdParams,
  response: DeliveryReceiptResponse,
  errorStatuses: [404, 422, 503],
});

export const documentEventContracts = [cancelDocumentContract, correctionLetterContract, registerDeliveryReceiptContract, cancelDeliveryReceiptContract];
