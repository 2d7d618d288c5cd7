import type { DocumentEmailTrigger } from "@prisma/client";
import { db } from "@/lib/db/client";
import { danfeFileName, getDocumentDanfe } from "@/lib/downloads/get-document-danfe";
import { getDocumentXml, type FileDownload } from "@/lib/downloads/get-document-xml";
import { getDocumentEventXml } from "@/lib/downloads/get-event-xml";
import { DocumentDanfeQuery, DocumentEventXmlQuery, DocumentXmlQuery } from "@/lib/downloads/schemas";
import { DomainError } from "@/lib/errors";

export type EmailAttachment = { filename: string; content: Buffer; contentType: string };

// The files are the download routes' own: the same functions with the routes' default query
// (GET …/danfe, GET …/xml, GET …/events/{eventId}/xml with download=true), so a recipient gets the
// exact bytes an API client downloads, named by the access key as the routes name them.

function attachment(file: FileDownload): EmailAttachment {
  return { filename: file.fileName, content: typeof file.body === "string" ? Buffer.from(file.body, "utf8") : file.body, contentType: file.contentType.split(";")[0]! };
}

/** Authorization: DANFE (or DANFSe) PDF and the authorized XML. Cancellation: the registered cancellation event's XML (procEventoNFe). */
export async function buildAttachments(companyId: string, documentId: string, kind: "authorization" | "cancellation"): Promise<EmailAttachment[]> {
  if (kind === "cancellation") {
    const event = await db.documentEvent.findFirst({
      where: { companyId, documentId, kind: "CANCELLATION", outcome: "AUTHORIZED" },
      orderBy: { occurredAt: "desc" },
      select: { id: true },
    });
    if (!event) throw new DomainError(404, "document_not_available", "The document has no registered cancellation event");
    return [attachment(await getDocumentEventXml(companyId, documentId, event.id, DocumentEventXmlQuery.parse({ download: "true" })))];
  }
  const danfe = await getDocumentDanfe(companyId, documentId, DocumentDanfeQuery.parse({ download: "true" }));
  const xml = await getDocumentXml(companyId, documentId, DocumentXmlQuery.parse({ download: "true" }));
  return [attachment(danfe), attachment(xml)];
}

/**
 * The attachments' names without their bytes, for a message that will not be sent (no SMTP server):
 * the preview lists them, and no DANFE is rendered for nothing (a PDF render is most of a message's CPU).
 */
export async function attachmentNames(companyId: string, documentId: string, kind: "authorization" | "cancellation"): Promise<string[]> {
  if (kind === "cancellation") return (await buildAttachments(companyId, documentId, kind)).map((file) => file.filename);
  const document = await db.fiscalDocument.findFirst({ where: { id: documentId, companyId }, select: { id: true, type: true, accessKey: true } });
  if (!document) throw new DomainError(404, "not_found", "Fiscal document not found");
  const xml = await getDocumentXml(companyId, documentId, DocumentXmlQuery.parse({ download: "true" }));
  return [danfeFileName(document), xml.fileName];
}

/** What a message of this trigger attaches: a resend follows the document's current outcome. */
export function attachmentKind(trigger: DocumentEmailTrigger, status: string): "authorization" | "cancellation" {
  if (trigger === "RESEND") return status === "CANCELLED" ? "cancellation" : "authorization";
  return trigger === "CANCELLATION" ? "cancellation" : "authorization";
}
