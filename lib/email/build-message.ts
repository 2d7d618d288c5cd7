import type { CompanyEmailSettings, DocumentEmail } from "@prisma/client";
import { db } from "@/lib/db/client";
import { attachmentKind } from "./attachments";
import { composeMessage } from "./compose-message";
import { consultationUrl } from "./consultation-url";
import { defaultRecipients, splitAddresses } from "@/lib/contracts/email-recipients";

export type BuiltMessage = {
  recipients: string[];
  cc: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** What it attaches (attachments.ts): built only when there is a server to send them to. */
  attachmentKind: "authorization" | "cancellation";
  issuerName: string;
  issuerEmail: string | null;
  /** Recipients that are not the document's client's addresses (emailRecipients, a resend's `to`). */
  beyondClient: string[];
};

/** A DocumentEmail row's recipients and words, from the document as it stands and the company's settings; the files are built apart. */
export async function buildMessage(email: Pick<DocumentEmail, "companyId" | "documentId" | "trigger" | "recipients">, settings: CompanyEmailSettings | null): Promise<BuiltMessage> {
  const document = await db.fiscalDocument.findFirstOrThrow({
    where: { id: email.documentId, companyId: email.companyId },
    include: { company: { select: { legalName: true, tradeName: true, cnpj: true, email: true, state: true } } },
  });
  const kind = attachmentKind(email.trigger, document.status);
  const snapshot = document.clientSnapshot as { name?: string | null } | null;
  const composed = composeMessage({
    trigger: email.trigger,
    cancelled: kind === "cancellation",
    document: {
      type: document.type,
      environment: document.environment,
      series: document.series,
      number: document.number,
      nfseNumber: document.nfseNumber,
      accessKey: document.accessKey,
      totalValue: document.totalValue.toFixed(2),
      issueDateTime: document.issueDateTime,
      cancellationReason: document.cancellationReason,
      recipientName: snapshot?.name?.trim() || null,
    },
    issuer: { name: document.company.legalName, tradeName: document.company.tradeName, cnpj: document.company.cnpj, email: document.company.email },
    consultationUrl: consultationUrl(document, document.company.state),
  });
  const recipients = email.recipients.length > 0 ? email.recipients : defaultRecipients(document);
  const clientAddresses = splitAddresses((document.clientSnapshot as { email?: string | null } | null)?.email);
  return {
    recipients,
    cc: splitAddresses(settings?.copyTo).filter((address) => !recipients.includes(address)),
    replyTo: settings?.replyTo ?? null,
    ...composed,
    attachmentKind: kind,
    issuerName: document.company.tradeName || document.company.legalName,
    issuerEmail: document.company.email,
    beyondClient: recipients.filter((address) => !clientAddresses.includes(address)),
  };
}
