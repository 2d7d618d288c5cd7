import { z } from "zod";

// The run that builds and sends one DocumentEmail (inngest/functions/send-document-email.ts).
// Queued by the database trigger of migration 20261128400000_document_email (an outcome) or by a
// resend; the function id and event name are written there too.
export const SEND_DOCUMENT_EMAIL_FUNCTION_ID = "document-email-send";
export const SEND_DOCUMENT_EMAIL_EVENT = "document/email.send";

export const SendDocumentEmailEventData = z.object({
  emailId: z.string().min(1),
  companyId: z.string().min(1),
  runId: z.string().optional(),
});
export type SendDocumentEmailEventData = z.infer<typeof SendDocumentEmailEventData>;
