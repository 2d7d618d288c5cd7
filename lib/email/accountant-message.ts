import { formatDocument } from "@/lib/danfe/format";
import type { ComposedMessage } from "./compose-message";

// The monthly message to the company's accountant (issue 39 item 4, `accountantEmail`): the
// previous month's export as a signed, expiring link that needs no login. The link is made by the
// export (lib/exports); this only words it, in pt-BR, as plain text and HTML.

const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** month: "YYYY-MM"; expiresAt: when the link stops working. */
export function composeAccountantMessage(input: { issuerName: string; cnpj: string; month: string; downloadUrl: string; expiresAt: Date; documentCount?: number }): ComposedMessage {
  const [year, month] = input.month.split("-");
  const monthName = `${MONTHS[Number(month) - 1] ?? month} de ${year}`;
  const expires = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(input.expiresAt);
  const subject = `Documentos fiscais de ${monthName} – ${input.issuerName}`;
  const lines = [
    "Olá.",
    "",
    `Os documentos fiscais de ${input.issuerName} (CNPJ ${formatDocument(input.cnpj)}) de ${monthName} estão prontos para download em um arquivo ZIP${input.documentCount === undefined ? "" : ` (${input.documentCount} documentos)`}: XMLs, PDFs, eventos e o resumo.csv.`,
    "",
    "Baixe pelo endereço abaixo (não é preciso login):",
    input.downloadUrl,
    "",
    `O endereço vale até ${expires}.`,
    "",
    "Mensagem automática do sistema emissor; não é preciso responder.",
    "",
  ];
  const html = [
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1e293b">`,
    `<p>Olá.</p>`,
    `<p>${escapeHtml(lines[2]!)}</p>`,
    `<p><a href="${escapeHtml(input.downloadUrl)}">Baixar o ZIP de ${escapeHtml(monthName)}</a></p>`,
    `<p>${escapeHtml(lines[7]!)}</p>`,
    `<p style="color:#64748b;font-size:12px">${escapeHtml(lines[9]!)}</p>`,
    `</body></html>`,
  ].join("");
  return { subject, text: lines.join("\n"), html };
}
