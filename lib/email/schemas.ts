import { z } from "zod";
import { EmailAddress, EmailRecipientList } from "@/lib/contracts/email-recipients";

export const DocumentEmailStatusSchema = z.enum(["QUEUED", "SENT", "FAILED", "NOT_CONFIGURED"]);
export const DocumentEmailTriggerSchema = z.enum(["AUTHORIZATION", "CANCELLATION", "RESEND"]);

export const DocumentEmailAttemptResponse = z.object({
  number: z.number().int(),
  outcome: z
    .enum(["SENT", "TEMPORARY_FAILURE", "PERMANENT_FAILURE", "INTERRUPTED"])
    .describe("TEMPORARY_FAILURE: a 4xx reply or no answer, retried; PERMANENT_FAILURE: a 5xx reply; INTERRUPTED: the sending process stopped before the reply was recorded, so the message was sent again with the same Message-ID"),
  smtpCode: z.number().int().nullable(),
  reply: z.string().nullable().describe("The SMTP server's reply (or the connection error)"),
  startedAt: z.string(),
  finishedAt: z.string(),
});

export const DocumentEmailResponse = z.object({
  id: z.string(),
  documentId: z.string(),
  trigger: DocumentEmailTriggerSchema,
  status: DocumentEmailStatusSchema,
  recipients: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string().nullable(),
  attachments: z.array(z.string()).describe("File names, as the download routes name them"),
  attempts: z.number().int(),
  smtpReply: z.string().nullable().describe("The SMTP server's last reply, or why nothing was sent"),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attemptLog: z.array(DocumentEmailAttemptResponse),
});
export type DocumentEmailResponse = z.infer<typeof DocumentEmailResponse>;
export type DocumentEmailAttemptResponse = z.infer<typeof DocumentEmailAttemptResponse>;

export const DocumentEmailList = z.object({ data: z.array(DocumentEmailResponse) });

export const ResendEmailInput = z.object({
  to: EmailRecipientList.optional().describe("Up to 10 addresses; default: the document's emailRecipients, else its client's addresses"),
});
export type ResendEmailInput = z.infer<typeof ResendEmailInput>;

export const DocumentEmailPreview = z.object({
  id: z.string(),
  status: DocumentEmailStatusSchema,
  subject: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  recipients: z.array(z.string()),
  attachments: z.array(z.string()),
});

const optionalText = (max: number) => z.string().trim().min(1).max(max).nullable().optional();

export const EmailSettingsInput = z
  .object({
    sendOnAuthorization: z.boolean().optional(),
    sendOnCancellation: z.boolean().optional(),
    sendInHomologation: z.boolean().optional().describe("E-mail outcomes of HOMOLOGATION documents automatically too (default false; a resend by hand always goes)"),
    replyTo: EmailAddress.nullable().optional(),
    copyTo: EmailAddress.nullable().optional(),
    smtpHost: z.string().trim().min(1).max(253).regex(/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:.]+\]?$/, "must be a host name or IP address").nullable().optional(),
    smtpPort: z.number().int().min(1).max(65535).nullable().optional(),
    smtpSecure: z.boolean().optional(),
    smtpUser: optionalText(254),
    smtpPassword: z.string().min(1).max(512).nullable().optional().describe("Write-only; null clears it, absent keeps it"),
    fromAddress: z.string().trim().min(3).max(320).nullable().optional().describe('The From of the company\'s messages: "nfe@loja.com.br" or "Loja <nfe@loja.com.br>"'),
  })
  .strict();
export type EmailSettingsInput = z.infer<typeof EmailSettingsInput>;

export const EmailSettingsResponse = z.object({
  sendOnAuthorization: z.boolean(),
  sendOnCancellation: z.boolean(),
  sendInHomologation: z.boolean(),
  replyTo: z.string().nullable(),
  copyTo: z.string().nullable(),
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int().nullable(),
  smtpSecure: z.boolean(),
  smtpUser: z.string().nullable(),
  smtpPasswordConfigured: z.boolean(),
  fromAddress: z.string().nullable(),
  installationSmtpConfigured: z.boolean().describe("Whether SMTP_URL is set for the installation"),
  sending: z.enum(["COMPANY", "INSTALLATION", "NOT_CONFIGURED"]).describe("Which server sends this company's messages"),
});
export type EmailSettingsResponse = z.infer<typeof EmailSettingsResponse>;
