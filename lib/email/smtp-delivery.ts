import nodemailer from "nodemailer";
import { env } from "@/lib/config/env";
import type { EmailAttachment } from "./attachments";
import { boundedSession } from "./smtp-session";
import { checkCompanySmtpHost } from "./smtp-host-policy";
import { fromHeader, type SmtpTarget } from "./smtp-target";

export type OutgoingMail = {
  /** Shown as the From name unless the configured address carries one. */
  issuerName: string;
  to: string[];
  cc?: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /** The same on every attempt of one message, so a copy sent again after a crash is recognisably the same mail. */
  messageId?: string;
};

export type SmtpOutcome = { ok: true; code: number | null; reply: string } | { ok: false; temporary: boolean; code: number | null; reply: string };

/** A company's own host checked (smtp-host-policy.ts) and the connection pinned to the checked address; the installation's as it is. */
export async function pinCompanyHost(target: SmtpTarget): Promise<{ ok: true; target: SmtpTarget } | { ok: false; reason: string }> {
  if (target.source !== "company") return { ok: true, target };
  const checked = await checkCompanySmtpHost(target.transport.host!);
  if (!checked.ok) return checked;
  return { ok: true, target: { ...target, transport: { ...target.transport, host: checked.address, tls: { ...target.transport.tls, servername: checked.servername } } } };
}

/**
 * Hands a message to the SMTP server; a 4xx reply or no answer at all is temporary, a 5xx
 * permanent (RFC 5321 §4.2.1). The whole session ends by SMTP_SESSION_SECONDS and reads a
 * bounded amount of replies (smtp-session.ts): past either, the attempt is temporary.
 */
export async function deliverMail(target: SmtpTarget, mail: OutgoingMail): Promise<SmtpOutcome> {
  const session = boundedSession(target.transport, env().SMTP_SESSION_SECONDS * 1000);
  const transport = nodemailer.createTransport(session.options);
  try {
    const info = await transport.sendMail({
      from: fromHeader(target.fromAddress, mail.issuerName),
      to: mail.to,
      cc: mail.cc && mail.cc.length > 0 ? mail.cc : undefined,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      messageId: mail.messageId,
    });
    if (info.rejected.length > 0 && info.accepted.length === 0) return { ok: false, temporary: false, code: null, reply: `Destinatários recusados: ${info.rejected.join(", ")}` };
    return { ok: true, code: replyCode(info.response), reply: info.response };
  } catch (error) {
    const smtp = error as { responseCode?: number; response?: string; message?: string };
    const code = typeof smtp.responseCode === "number" ? smtp.responseCode : null;
    const reply = (smtp.response ?? smtp.message ?? String(error)).slice(0, 1000);
    // No SMTP code: the server was unreachable or the connection broke (temporary, as RFC 5321 §4.5.4.1 retries).
    return { ok: false, temporary: code === null || (code >= 400 && code < 500), code, reply };
  } finally {
    transport.close();
    session.finish();
  }
}

function replyCode(response: string): number | null {
  const match = /^(\d{3})/.exec(response);
  return match ? Number(match[1]) : null;
}
