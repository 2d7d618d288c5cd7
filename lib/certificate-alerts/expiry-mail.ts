import { escapeHtml } from "@/lib/email/compose-message";
import { EXPIRED_THRESHOLD } from "./config";

// The e-mail to the company's ADMIN users for a certificate alert (issue 58 item 3), in the
// dashboard's language: what expires, when, and what to do before emission stops.

export type ExpiryMailInput = { companyName: string; cnpj: string; holderCnpj: string; serialNumber: string; notAfter: Date; threshold: number; daysLeft: number };

const when = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

export function expiryMessage(input: ExpiryMailInput): { subject: string; text: string; html: string } {
  const expired = input.threshold === EXPIRED_THRESHOLD;
  const until = `${when.format(input.notAfter)} (horário de Brasília)`;
  const days = input.daysLeft === 1 ? "1 dia" : `${input.daysLeft} dias`;
  const subject = expired ? `Certificado digital vencido – ${input.companyName}` : `Certificado digital vence em ${days} – ${input.companyName}`;
  const lead = expired
    ? `O certificado digital A1 da empresa ${input.companyName} (CNPJ ${input.cnpj}) venceu em ${until}. A emissão de NF-e, NFC-e e NFS-e está bloqueada até que um certificado válido seja enviado.`
    : `O certificado digital A1 da empresa ${input.companyName} (CNPJ ${input.cnpj}) vence em ${until}: faltam ${days}. Depois disso a emissão de NF-e, NFC-e e NFS-e fica bloqueada.`;
  const action = "Renove o certificado com a autoridade certificadora e envie o novo arquivo (.pfx) em Certificado digital, no painel.";
  const facts = `Titular: CNPJ ${input.holderCnpj} · Número de série: ${input.serialNumber}`;
  const text = ["Olá,", "", lead, "", action, "", facts].join("\n");
  const html = `<p>Olá,</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(action)}</p><p>${escapeHtml(facts)}</p>`;
  return { subject, text, html };
}
