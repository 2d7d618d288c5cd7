import { z } from "zod";
import { defineContract } from "@/lib/api/contract";
import {
  CancelDocumentInput,
  CancelDocumentResponse,
  CorrectionLetterInput,
  CorrectionLetterResponse,
  DELIVERY_RECEIPT_MAX_BODY_BYTES,
  DeliveryReceiptInput,
  DeliveryReceiptResponse,
} from "./schemas";

// Internal dashboard routes (handleSession) for the document detail page: the
// same domain calls as the public /v1 routes, for the event buttons and timeline.

/** Dashboard users who may send events to the authority (the ones who emit). */
export const DOCUMENT_EVENT_ROLES = ["ADMIN", "ACCOUNTANT"] as const;

const params = z.object({ companyId: z.string().min(1), documentId: z.string().min(1).max(64) });
const base = "/api/dashboard/companies/{companyId}/documents/{documentId}";
const TAG = "Dashboard: documents";

export const dashboardTimelineContract = defineContract({
  method: "GET",
  path: `${base}/timeline`,
  summary: "Events and background runs of a document",
  tag: TAG,
  scope: null,
  params,
  errorStatuses: [404],
});

export const dashboardCancelContract = defineContract({
  method: "POST",
  path: `${base}/cancel`,
  summary: "Cancel an authorized document",
  tag: TAG,
  scope: null,
  params,
  body: CancelDocumentInput,
  response: CancelDocumentResponse,
  errorStatuses: [404, 422, 503],
});

export const dashboardCorrectionLetterContract = defineContract({
  method: "POST",
  path: `${base}/correction-letter`,
  summary: "Issue a correction letter",
  tag: TAG,
  scope: null,
  params,
  body: CorrectionLetterInput,
  response: CorrectionLetterResponse,
  errorStatuses: [404, 422, 503],
});

export const dashboardRegisterDeliveryReceiptContract = defineContract({
  method: "POST",
  path: `${base}/delivery-receipt`,
  summary: "Register a delivery receipt",
  tag: TAG,
  scope: null,
  params,
  body: DeliveryReceiptInput,
  maxBodyBytes: DELIVERY_RECEIPT_MAX_BODY_BYTES,
  response: DeliveryReceiptResponse,
  errorStatuses: [404, 413, 422, 503],
});

export const dashboardCancelDeliveryReceiptContract = defineContract({
  method: "DELETE",
  path: `${base}/delivery-receipt`,
  summary: "Cancel the delivery receipt",
  tag: TAG,
  scope: null,
  params,
  response: DeliveryReceiptResponse,
  errorStatuses: [404, 422, 503],
});
