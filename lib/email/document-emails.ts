import type { DocumentEmail, DocumentEmailAttempt } from "@prisma/client";
import { randomUUID } from "node:crypto";
import { db, type DbClient } from "@/lib/db/client";
import { notFound, unprocessable } from "@/lib/errors";
import { enqueueRun } from "@/lib/jobs/enqueue-run";
import { assertWithinRateLimit } from "@/lib/rate-limit";
import { SEND_DOCUMENT_EMAIL_EVENT, SEND_DOCUMENT_EMAIL_FUNCTION_ID } from "./events";
import { defaultRecipients } from "@/lib/contracts/email-recipients";
import type { DocumentEmailAttemptResponse, DocumentEmailResponse, ResendEmailInput } from "./schemas";

/** Resends per document per hour (POST …/email): enough to correct an address, too few to mail-bomb anyone. */
export const RESENDS_PER_DOCUMENT_PER_HOUR = 5;

type EmailRow = DocumentEmail & { attemptLog: DocumentEmailAttempt[] };

export function presentEmail(row: EmailRow): DocumentEmailResponse {
  return {
    id: row.id,
    documentId: row.documentId,
    trigger: row.trigger,
    status: row.status,
    recipients: row.recipients,
    cc: row.cc,
    subject: row.subject,
    attachments: row.attachments,
    attempts: row.attempts,
    smtpReply: row.lastReply,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attemptLog: [...row.attemptLog]
      .sort((a, b) => a.number - b.number)
      .map((a) => ({
        number: a.number,
        outcome: a.outcome as DocumentEmailAttemptResponse["outcome"],
        smtpCode: a.smtpCode,
        reply: a.reply,
        startedAt: a.startedAt.toISOString(),
        finishedAt: a.finishedAt.toISOString(),
      })),
  };
}

/** GET /v1/fiscal-documents/{id}/emails: every message of the document, newest first, with its attempts. */
export async function listDocumentEmails(input: { companyId: string; documentId: string }, client: DbClient = db): Promise<{ data: DocumentEmailResponse[] }> {
  const document = await client.fiscalDocument.findFirst({ where: { id: input.documentId, companyId: input.companyId }, select: { id: true } });
  if (!document) throw notFound("Fiscal document");
  const rows = await client.documentEmail.findMany({
    where: { documentId: input.documentId, companyId: input.companyId },
    include: { attemptLog: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
  });
  return { data: rows.map(presentEmail) };
}

/** The message as built (subject, plain text, HTML), for the dashboard's preview; null fields while it is still QUEUED for its first build. */
export async function getDocumentEmailPreview(input: { companyId: string; documentId: string; emailId: string }, client: DbClient = db) {
  const row = await client.documentEmail.findFirst({ where: { id: input.emailId, documentId: input.documentId, companyId: input.companyId } });
  if (!row) throw notFound("Document e-mail");
  return { id: row.id, status: row.status, subject: row.subject, text: row.textBody, html: row.htmlBody, recipients: row.recipients, attachments: row.attachments };
}

/**
 * POST /v1/fiscal-documents/{id}/email: a new message (trigger RESEND) with the document's current
 * outcome (authorization or cancellation), to `to` or the default recipients, sent by a background
 * run like the automatic ones. Rate-limited per document.
 */
export async function resendDocumentEmail(input: { companyId: string; documentId: string; body: ResendEmailInput }): Promise<DocumentEmailResponse> {
  const document = await db.fiscalDocument.findFirst({
    where: { id: input.documentId, companyId: input.companyId },
    select: { id: true, status: true, emailRecipients: true, clientSnapshot: true },
  });
  if (!document) throw notFound("Fiscal document");
  if (document.status !== "AUTHORIZED" && document.status !== "CANCELLED") {
    throw unprocessable("document_without_outcome", `The document is ${document.status}: only an AUTHORIZED or CANCELLED document is e-mailed`);
  }
  const recipients = input.body.to ?? defaultRecipients(document);
  if (recipients.length === 0) throw unprocessable("email_recipient_missing", "The document has no emailRecipients and its client no e-mail address: send `to`");
  await assertWithinRateLimit(
    { key: `document-email:${input.documentId}`, limit: RESENDS_PER_DOCUMENT_PER_HOUR, windowSeconds: 3600 },
    `At most ${RESENDS_PER_DOCUMENT_PER_HOUR} e-mails of one document per hour`,
  );
  const emailId = randomUUID();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.documentEmail.create({
      data: { id: emailId, companyId: input.companyId, documentId: input.documentId, trigger: "RESEND", recipients },
      include: { attemptLog: true },
    });
    // Last statement of the transaction (see enqueueRun): with Inngest the event leaves before the commit.
    await enqueueRun(
      { functionId: SEND_DOCUMENT_EMAIL_FUNCTION_ID, eventName: SEND_DOCUMENT_EMAIL_EVENT, data: { emailId, companyId: input.companyId }, concurrencyKey: `email:${emailId}`, companyId: input.companyId, documentId: input.documentId },
      tx,
    );
    return created;
  });
  return presentEmail(row);
}
