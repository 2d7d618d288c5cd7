import { db } from "@/lib/db/client";
import { loadEmailSettings } from "./email-settings";
import { deliverMail, pinCompanyHost, type OutgoingMail } from "./smtp-delivery";
import { resolveSmtpTarget } from "./smtp-target";

export type NoticeOutcome =
  | { status: "SENT"; reply: string }
  | { status: "FAILED"; temporary: boolean; smtpCode: number | null; reply: string }
  | { status: "NOT_CONFIGURED"; reply: string };

/**
 * Sends a company's message that is not a document's outcome (the accountant's monthly export
 * link, issue 39 item 4) through the same server as its documents' e-mails: its own SMTP or
 * SMTP_URL, the same host policy, From and reply-to. One attempt; the caller keeps the state (which
 * month was notified) and retries a temporary failure, so a retry never sends twice what was sent.
 */
export async function sendCompanyNotice(companyId: string, mail: Omit<OutgoingMail, "issuerName" | "replyTo" | "cc">): Promise<NoticeOutcome> {
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { legalName: true, tradeName: true, email: true } });
  const settings = await loadEmailSettings(companyId);
  const target = resolveSmtpTarget(settings, company.email);
  if (!target) return { status: "NOT_CONFIGURED", reply: "Nenhum servidor SMTP configurado (SMTP_URL da instalação ou o SMTP da empresa)" };
  const pinned = await pinCompanyHost(target);
  if (!pinned.ok) return { status: "FAILED", temporary: false, smtpCode: null, reply: pinned.reason };
  const outcome = await deliverMail(pinned.target, { ...mail, issuerName: company.tradeName || company.legalName, replyTo: settings?.replyTo ?? null });
  return outcome.ok ? { status: "SENT", reply: outcome.reply } : { status: "FAILED", temporary: outcome.temporary, smtpCode: outcome.code, reply: outcome.reply };
}
