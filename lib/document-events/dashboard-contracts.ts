import { z } from "zod";
import { defineContract, type Contract } from "@/lib/contracts/contract";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { cancelDeliveryReceiptContract, cancelDocumentContract, correctionLetterContract, registerDeliveryReceiptContract } from "./contracts";
import { substituteDocumentContract } from "./substitution-contract";

// Internal dashboard routes (handleSession) for the document detail page: the
// same domain calls as the public /v1 routes, for the event buttons and timeline.

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

/** A /v1 event contract served to the dashboard: same schemas and limits, session params. */
function dashboardTwin<C extends Contract>(contract: C, suffix: string): Omit<C, "params"> & { params: typeof params } {
  return { ...asDashboardContract(contract), path: `${base}/${suffix}`, params };
}

export const dashboardCancelContract = dashboardTwin(cancelDocumentContract, "cancel");
export const dashboardCorrectionLetterContract = dashboardTwin(correctionLetterContract, "correction-letter");
export const dashboardRegisterDeliveryReceiptContract = dashboardTwin(registerDeliveryReceiptContract, "delivery-receipt");
export const dashboardCancelDeliveryReceiptContract = dashboardTwin(cancelDeliveryReceiptContract, "delivery-receipt");
export const dashboardSubstituteContract = dashboardTwin(substituteDocumentContract, "substitute");
