import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { attachmentNames, buildAttachments, type EmailAttachment } from "./attachments";
import { buildMessage, type BuiltMessage } from "./build-message";
import { loadEmailSettings } from "./email-settings";
import type { SendDocumentEmailEventData } from "./events";
import { overDailyBudget, refusedBeyondClient } from "./installation-smtp-limits";
import { emailRetryDelays } from "./retry-delays";
import { deliverMail, pinCompanyHost } from "./smtp-delivery";
import { resolveSmtpTarget, type SmtpTarget } from "./smtp-target";

/** What one step of the send run did; "retry" carries when the next attempt is due. */
export type EmailStepResult =
  | { kind: "sent"; reply: string }
  | { kind: "retry"; at: string; reply: string }
  | { kind: "failed"; reply: string }
  | { kind: "not_configured" }
  | { kind: "settled"; status: string };

const NOT_CONFIGURED_REPLY = "Nenhum servidor SMTP configurado (SMTP_URL da instalação ou o SMTP da empresa): a mensagem foi montada e não enviada";

/**
 * One attempt at a DocumentEmail (the send run's step): builds the message from the document as
 * it stands (recipients, words, and, with an SMTP server configured, the download routes' files),
 * records it on the row, then hands it over; without a server the message is kept NOT_CONFIGURED
 * with its attachments' names and no file is rendered. A row no longer QUEUED is left alone, so a replayed or
 * duplicated run never sends a SENT message again. No row lock is held while the SMTP server
 * answers: the attempt is claimed by a guarded update (status QUEUED, this attempt number) and
 * settled by another. A crash between the SMTP server's acceptance and the settlement leaves the
 * claim without its attempt row: the next run logs that attempt as INTERRUPTED and sends again
 * with the same Message-ID (at-least-once; mail clients fold copies with one Message-ID).
 */
export async function attemptDocumentEmail(run: Pick<SendDocumentEmailEventData, "emailId" | "companyId">, now: () => Date = () => new Date()): Promise<EmailStepResult> {
  const email = await db.documentEmail.findFirst({ where: { id: run.emailId, companyId: run.companyId } });
  if (!email) return { kind: "settled", status: "missing" };
  if (email.status !== "QUEUED") return { kind: "settled", status: email.status };

  let message: BuiltMessage;
  let attachments: EmailAttachment[] | null = null;
  let target: SmtpTarget | null;
  try {
    const settings = await loadEmailSettings(email.companyId);
    message = await buildMessage(email, settings);
    target = resolveSmtpTarget(settings, message.issuerEmail);
    // The files only for a message that goes out: without a server the preview lists their names.
    if (target && message.recipients.length > 0) attachments = await buildAttachments(email.companyId, email.documentId, message.attachmentKind);
    const names = attachments ? attachments.map((a) => a.filename) : await attachmentNames(email.companyId, email.documentId, message.attachmentKind);
    await db.documentEmail.update({
      where: { id: email.id },
      data: { recipients: message.recipients, cc: message.cc, subject: message.subject, textBody: message.text, htmlBody: message.html, attachments: names },
    });
  } catch (error) {
    // A document without its files (never authorized, an event missing) cannot be mailed: no retry helps.
    // A busy PDF pool (429, 503) or the database is temporary: thrown, so the run's retries try again.
    if (error instanceof DomainError && error.status < 500 && error.status !== 429) return fail(email.id, email.attempts, `Mensagem não montada: ${error.message}`);
    throw error;
  }
  if (message.recipients.length === 0) return fail(email.id, email.attempts, "Sem destinatário: o documento não tem emailRecipients e o cliente não tem e-mail");

  if (!target || !attachments) {
    await db.documentEmail.updateMany({ where: { id: email.id, status: "QUEUED" }, data: { status: "NOT_CONFIGURED", lastReply: NOT_CONFIGURED_REPLY, nextAttemptAt: null } });
    return { kind: "not_configured" };
  }

  const pinned = await pinCompanyHost(target);
  if (!pinned.ok) return fail(email.id, email.attempts, pinned.reason);
  if (target.source === "installation") {
    const refused = refusedBeyondClient(message.beyondClient) ?? (await overDailyBudget(email.companyId, message.recipients.length + message.cc.length));
    if (refused) return fail(email.id, email.attempts, refused);
  }

  if (email.attempts > 0) await logInterruptedAttempt(email.id, email.attempts, email.updatedAt, now());
  const number = email.attempts + 1;
  const claimed = await db.documentEmail.updateMany({ where: { id: email.id, status: "QUEUED", attempts: email.attempts }, data: { attempts: number, nextAttemptAt: null } });
  if (claimed.count !== 1) return { kind: "settled", status: "claimed by another run" };

  const startedAt = now();
  const outcome = await deliverMail(pinned.target, {
    issuerName: message.issuerName,
    to: message.recipients,
    cc: message.cc,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments,
    messageId: documentEmailMessageId(email.id, pinned.target.fromAddress),
  });
  const finishedAt = now();
  await db.documentEmailAttempt.create({
    data: {
      emailId: email.id,
      number,
      outcome: outcome.ok ? "SENT" : outcome.temporary ? "TEMPORARY_FAILURE" : "PERMANENT_FAILURE",
      smtpCode: outcome.code,
      reply: outcome.reply,
      startedAt,
      finishedAt,
    },
  });
  if (outcome.ok) {
    await db.documentEmail.update({ where: { id: email.id }, data: { status: "SENT", sentAt: finishedAt, lastReply: outcome.reply } });
    return { kind: "sent", reply: outcome.reply };
  }
  const delays = emailRetryDelays();
  if (outcome.temporary && number <= delays.length) {
    const at = new Date(finishedAt.getTime() + delays[number - 1]! * 1000);
    await db.documentEmail.update({ where: { id: email.id }, data: { lastReply: outcome.reply, nextAttemptAt: at } });
    return { kind: "retry", at: at.toISOString(), reply: outcome.reply };
  }
  return fail(email.id, number, outcome.reply);
}

/** `<id@domain of the From address>`: stable for the message, unique across messages (RFC 5322 §3.6.4). */
export function documentEmailMessageId(emailId: string, fromAddress: string): string {
  const domain = /@([^\s>]+)/.exec(fromAddress)?.[1] ?? "localhost";
  return `<document-email.${emailId}@${domain}>`;
}

/** A claimed attempt (attempts moved) that never recorded its outcome: the process stopped while the SMTP server answered. */
async function logInterruptedAttempt(emailId: string, number: number, claimedAt: Date, now: Date): Promise<void> {
  const logged = await db.documentEmailAttempt.count({ where: { emailId, number } });
  if (logged > 0) return;
  await db.documentEmailAttempt.create({
    data: {
      emailId,
      number,
      outcome: "INTERRUPTED",
      smtpCode: null,
      reply: "Tentativa interrompida antes de registrar a resposta do servidor SMTP; a mensagem é enviada de novo com o mesmo Message-ID",
      startedAt: claimedAt,
      finishedAt: now,
    },
  });
}

/** The run failed for good (its retries spent on a thrown error): the message must not stay QUEUED. */
export async function abandonDocumentEmail(run: Pick<SendDocumentEmailEventData, "emailId" | "companyId">, reason: string): Promise<EmailStepResult> {
  const email = await db.documentEmail.findFirst({ where: { id: run.emailId, companyId: run.companyId }, select: { id: true, attempts: true } });
  if (!email) return { kind: "settled", status: "missing" };
  return fail(email.id, email.attempts, `Envio abandonado após falhas repetidas: ${reason}`.slice(0, 1000));
}

async function fail(emailId: string, attempts: number, reply: string): Promise<EmailStepResult> {
  await db.documentEmail.updateMany({ where: { id: emailId, status: "QUEUED" }, data: { status: "FAILED", lastReply: reply, attempts, nextAttemptAt: null } });
  return { kind: "failed", reply };
}
