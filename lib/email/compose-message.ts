import type { DocumentEmailTrigger, DocumentType, Environment } from "@prisma/client";
import { formatAccessKey, formatDocument, formatMoney } from "@/lib/danfe/format";

// The message's words (pt-BR, issue 39): issuer, number, series, total, access key and the
// authority's consultation address, as plain text and HTML. It links only to the authority's public
// consultation, never to our dashboard (the recipient has no login of ours).

export type MessageDocument = {
  type: DocumentType;
  environment: Environment;
  series: number | null;
  number: number;
  nfseNumber: string | null;
  accessKey: string | null;
  totalValue: string;
  issueDateTime: Date;
  cancellationReason: string | null;
  recipientName: string | null;
};

export type MessageIssuer = { name: string; tradeName: string | null; cnpj: string; email: string | null };

export type ComposedMessage = { subject: string; text: string; html: string };

const NAMES: Record<DocumentType, { short: string; long: string }> = {
  NFE: { short: "NF-e", long: "Nota Fiscal Eletrônica (NF-e)" },
  NFCE: { short: "NFC-e", long: "Nota Fiscal de Consumidor Eletrônica (NFC-e)" },
  NFSE: { short: "NFS-e", long: "Nota Fiscal de Serviço Eletrônica (NFS-e)" },
};

const ATTACHED: Record<DocumentType, string> = {
  NFE: "o DANFE (PDF) e o XML autorizado (nfeProc)",
  NFCE: "o DANFE NFC-e (PDF) e o XML autorizado (nfeProc)",
  NFSE: "o DANFSe (PDF) e o XML da NFS-e",
};

function dateBr(date: Date): string {
  // The calendar date in Brasília time: documents are issued in Brazil.
  return new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" }).format(date);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export function composeMessage(input: { trigger: DocumentEmailTrigger; cancelled: boolean; document: MessageDocument; issuer: MessageIssuer; consultationUrl: string }): ComposedMessage {
  const { document, issuer } = input;
  const name = NAMES[document.type];
  const issuerName = issuer.tradeName || issuer.name;
  const number = document.type === "NFSE" && document.nfseNumber ? document.nfseNumber : String(document.number);
  const numberLine = document.series === null ? `nº ${number}` : `nº ${number}, série ${document.series}`;
  const cancellation = input.trigger === "CANCELLATION" || (input.trigger === "RESEND" && input.cancelled);
  const homologation = document.environment === "HOMOLOGATION";
  const subject = `${homologation ? "[HOMOLOGAÇÃO – SEM VALOR FISCAL] " : ""}${cancellation ? "Cancelamento da " : ""}${name.short} ${numberLine.replace(",", "")} – ${issuerName}`;

  const facts: Array<[string, string]> = [
    ["Emitente", `${issuer.name} – CNPJ ${formatDocument(issuer.cnpj)}`],
    ["Documento", `${name.long} ${numberLine}`],
    ["Emissão", dateBr(document.issueDateTime)],
    ["Valor total", `R$ ${formatMoney(document.totalValue)}`],
  ];
  if (document.accessKey) facts.push(["Chave de acesso", formatAccessKey(document.accessKey)]);
  if (cancellation && document.cancellationReason) facts.push(["Justificativa do cancelamento", document.cancellationReason]);

  const greeting = document.recipientName ? `Olá, ${document.recipientName}.` : "Olá.";
  const lead = cancellation
    ? `${issuerName} cancelou a ${name.long} ${numberLine}. Ela não tem mais validade fiscal.`
    : `${issuerName} emitiu a ${name.long} ${numberLine}, autorizada pela administração tributária.`;
  const attached = cancellation
    ? "Em anexo, o XML do evento de cancelamento registrado (procEventoNFe para NF-e e NFC-e)."
    : `Em anexo, ${ATTACHED[document.type]}. Guarde o XML: ele é o documento fiscal válido.`;
  const consult = "Consulte a autenticidade pela chave de acesso no portal da administração tributária:";
  const footer = "Mensagem automática do sistema emissor; não é preciso responder.";
  const homologationNote = homologation ? "Documento emitido em ambiente de homologação, sem valor fiscal." : null;

  const text = [
    greeting,
    "",
    lead,
    ...(homologationNote ? ["", homologationNote] : []),
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    consult,
    input.consultationUrl,
    "",
    attached,
    "",
    footer,
    "",
  ].join("\n");

  const rows = facts.map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`).join("");
  const html = [
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1e293b">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    homologationNote ? `<p style="color:#b45309"><strong>${escapeHtml(homologationNote)}</strong></p>` : "",
    `<table cellpadding="0" cellspacing="0">${rows}</table>`,
    `<p>${escapeHtml(consult)}<br><a href="${escapeHtml(input.consultationUrl)}">${escapeHtml(input.consultationUrl)}</a></p>`,
    `<p>${escapeHtml(attached)}</p>`,
    `<p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p>`,
    `</body></html>`,
  ].join("");
  return { subject, text, html };
}
