import nodemailer from "nodemailer";
import { db } from "@/lib/db/client";
import { brazilParts } from "./period";
import { signedDownloadUrl } from "./signed-link";

// The monthly e-mail to the accountant with the signed link to the previous month's ZIP.
// Kept small and on its own: the integrator routes sendAccountantMail through the
// installation's e-mail sender (issue 39 items 1-2) once it exists. Until then it sends
// through SMTP_URL when set, and otherwise records NOT_CONFIGURED with the message kept.

export type AccountantMessage = { to: string; subject: string; text: string; html: string };
export type MailResult = { status: "SENT" | "FAILED" | "NOT_CONFIGURED"; reply: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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

/** Sends through SMTP_URL (smtp:// or smtps://); NOT_CONFIGURED without it. The SMTP server's reply is kept. */
export async function sendAccountantMail(message: AccountantMessage, smtpUrl = process.env.SMTP_URL): Promise<MailResult> {
  if (!smtpUrl) return { status: "NOT_CONFIGURED", reply: "SMTP_URL is not set; the message was not sent" };
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    const from = process.env.SMTP_FROM ?? `Fiscal <no-reply@${new URL(smtpUrl).hostname}>`;
    const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    return { status: "SENT", reply: String(info.response ?? "") };
  } catch (error) {
    return { status: "FAILED", reply: (error as Error).message.slice(0, 500) };
  } finally {
    transport.close();
  }
}

/** The run's last step for a monthly export: mails the link once (mailStatus set), then never again. */
export async function mailExportToAccountant(exportId: string, send = sendAccountantMail): Promise<MailResult | null> {
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
  const result = await send(message);
  await db.documentExport.update({ where: { id: row.id }, data: { mailStatus: result.status, mailReply: result.reply, mailedAt: new Date() } });
  return result;
}
