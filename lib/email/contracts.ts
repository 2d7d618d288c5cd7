import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { DocumentEmailList, DocumentEmailResponse, ResendEmailInput } from "./schemas";

const tag = "Fiscal documents";
const params = z.object({ id: z.string().min(1).max(64) });

export const listDocumentEmailsContract = defineContract({
  method: "GET", path: "/v1/fiscal-documents/{id}/emails", summary: "The document's e-mails: recipients, trigger, status, the SMTP server's reply and each attempt", tag, scope: "documents:read",
  params, response: DocumentEmailList, errorStatuses: [404],
  description:
    "Newest first (at most 100). trigger: AUTHORIZATION or CANCELLATION (queued with the outcome, when the company's setting is on and the document has recipients) or RESEND. " +
    "status: QUEUED (waiting for its first attempt or for a retry after a 4xx reply, at nextAttemptAt), SENT, FAILED (a 5xx reply, or the retries exhausted), NOT_CONFIGURED (no SMTP server: built, not sent). " +
    "attachments are the download routes' file names (DANFE/DANFSe PDF and XML; the cancellation's procEventoNFe).",
});

export const resendDocumentEmailContract = defineContract({
  method: "POST", path: "/v1/fiscal-documents/{id}/email", summary: "E-mail the document again (its current outcome), to `to` or its recipients", tag, scope: "documents:write",
  params, body: ResendEmailInput, bodyOptional: true, response: DocumentEmailResponse, successStatus: 202, errorStatuses: [404, 422, 429],
  description:
    "Queues a new message (trigger RESEND) with the files of the document's current outcome: an AUTHORIZED document's DANFE and XML, a CANCELLED one's cancellation event XML. " +
    "to: up to 10 addresses; without it the document's emailRecipients, else its client's addresses. " +
    "422 document_without_outcome for a document neither AUTHORIZED nor CANCELLED; 422 email_recipient_missing when there is no address; 429 rate_limited above 5 per document per hour.",
});

export const emailContracts = [listDocumentEmailsContract, resendDocumentEmailContract];
