import { db, type DbClient } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import type { FileDownload } from "./get-document-xml";
import { renderPdf } from "./pdf-render/render-pdf";
import type { DocumentEventPdfQuery } from "./schemas";

/**
 * GET /v1/fiscal-documents/{id}/events/{eventId}/pdf: the DACCE of a
 * registered correction letter, rendered on each request from the event's
 * stored XML and the document's authorized XML. Another company's document
 * or event, or an event of another document, is 404; an event kind without a
 * printed form is 422 print_option_not_applicable; a letter the authority
 * refused was never registered and has no DACCE (404 document_not_available).
 */
export async function getDocumentEventPdf(companyId: string, documentId: string, eventId: string, query: DocumentEventPdfQuery, client: DbClient = db): Promise<FileDownload> {
  const event = await client.documentEvent.findFirst({
    where: { id: eventId, documentId, companyId },
    select: { id: true, kind: true, outcome: true, sequence: true, protocol: true, requestXml: true, responseXml: true, document: { select: { accessKey: true, authorizedXml: true } } },
  });
  if (!event) throw notFound("Document event");
  if (event.kind !== "CORRECTION_LETTER") {
    throw new DomainError(422, "print_option_not_applicable", `Only correction letters (110110) have a printed form, the DACCE; this event is ${event.kind}`);
  }
  if (event.outcome !== "AUTHORIZED") throw new DomainError(404, "document_not_available", "The correction letter was not registered by the authority; it has no DACCE");
  const eventXml = event.responseXml?.includes("procEventoNFe") ? event.responseXml : event.requestXml;
  if (!eventXml || !event.document.authorizedXml) throw new DomainError(404, "document_not_available", "The correction letter's XML is not stored");
  const pdf = await renderPdf(companyId, { kind: "dacce", eventXml, authorizedXml: event.document.authorizedXml, protocol: event.protocol, sequence: event.sequence });
  return {
    body: pdf,
    contentType: "application/pdf",
    fileName: `${event.document.accessKey ?? documentId}-cce-${String(event.sequence).padStart(2, "0")}.pdf`,
    download: query.download,
  };
}
