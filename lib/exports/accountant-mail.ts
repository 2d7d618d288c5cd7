import { db } from "@/lib/db/client";
import { brazilParts } from "./period";
import { signedDownloadUrl } from "./signed-link";
import { escapeHtml } from "@/lib/email/compose-message";
import { sendCompanyNotice } from "@/lib/email/send-notice";

// The monthly e-mail to the accountant with the signed link to the previous month's ZIP,
// sent through the company's e-mail server like its documents' messages (lib/email: its own
// SMTP or SMTP_URL, the same host policy, From and reply-to); NOT_CONFIGURED without one.

export type AccountantMessage = { to: string; subject: string; text: string; html: string };
export type MailResult = { status: "SENT" | "FAILED" | "NOT_CONFIGURED"; reply: string };

export function accountantMessage(input: { to: string; companyName: string; cnpj: string; period: string; url: string; expiresAt: Date }): AccountantMessage {
  const [year, month] = input.period.split("-");
  const until = brazilParts(input.expiresAt).display;
  const subject = `Arquivos fiscais de ${month}/${year} – ${input.companyName}`;
  const text = [
    "Olá,",
    "",
    `Os arquivos fiscais de ${month}/${year} da empresa ${input.companyName} (CNPJ ${input.cnpj}) estão prontos: XMLs das notas, eventos, inutilizações e o resumo.csv.`,
    "",
    `Baixar o ZIP: ${input.url}`,
    "",
    `O link não pede login e vale até ${until} (horário de Brasília).`,
  ].join("\n");
  const html =
    `<p>Olá,</p><p>Os arquivos fiscais de ${month}/${year} da empresa <strong>${escapeHtml(input.companyName)}</strong> (CNPJ ${escapeHtml(input.cnpj)}) estão prontos: XMLs das notas, eventos, inutilizações e o resumo.csv.</p>` +
    `<p><a href="${escapeHtml(input.url)}">Baixar o ZIP</a></p><p>O link não pede login e vale até ${until} (horário de Brasília).</p>`;
  return { to: input.to, subject, text, html };
}

/** Through the company's e-mail server (lib/email), one attempt; the SMTP server's reply is kept. */
export async function sendAccountantNotice(message: AccountantMessage, companyId: string): Promise<MailResult> {
  const outcome = await sendCompanyNotice(companyId, { to: [message.to], subject: message.subject, text: message.text, html: message.html });
  return { status: outcome.status, reply: outcome.reply };
}

/** The run's last step for a monthly export: mails the link once (mailStatus set), then never again. */
export async function mailExportToAccountant(exportId: string): Promise<MailResult | null> {
  const row = await db.documentExport.findUnique({ where: { id: exportId }, include: { company: { select: { cnpj: true, legalName: true, tradeName: true } } } });
  if (!row || !row.mailTo || row.mailStatus === "SENT" || row.status !== "READY" || !row.monthlyPeriod) return null;
  const message = accountantMessage({
    to: row.mailTo,
    companyName: row.company.tradeName ?? row.company.legalName,
    cnpj: row.company.cnpj,
    period: row.monthlyPeriod,
    url: signedDownloadUrl(row.id, row.expiresAt),
    expiresAt: row.expiresAt,
  });
  const result = await sendAccountantNotice(message, row.companyId);
  await db.documentExport.update({ where: { id: row.id }, data: { mailStatus: result.status, mailReply: result.reply, mailedAt: new Date() } });
  return result;
}
