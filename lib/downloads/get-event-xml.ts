import type { DocumentEventKind } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import type { FileDownload } from "./get-document-xml";
import type { DocumentEventXmlQuery } from "./schemas";

// The event kinds registered with the authority as events of their own, with the file-name part of each.
const EVENT_FILES: Partial<Record<DocumentEventKind, string>> = {
  CANCELLATION: "canc",
  CORRECTION_LETTER: "cce",
  DELIVERY_RECEIPT: "entrega",
  DELIVERY_RECEIPT_CANCELLATION: "canc-entrega",
  // The tax reform's IBS/CBS events and their 110001 (NT 2025.002-RTC; docs/api-notes/reform-events.md).
  REFORM_EVENT: "evento",
  REFORM_EVENT_CANCELLATION: "canc-evento",
};

/** A reform event's name part carries its tpEvento (a 110001 the one it cancels): several types share a sequence. */
function fileName(event: XmlEvent): string | undefined {
  const file = EVENT_FILES[event.kind];
  if (event.kind === "REFORM_EVENT" && event.eventCode) return `${file}-${event.eventCode}`;
  if (event.kind === "REFORM_EVENT_CANCELLATION") return `${file}-${/<tpEventoAut>(\d{6})</.exec(event.responseXml ?? "")?.[1] ?? "110001"}`;
  return file;
}

/**
 * GET /v1/fiscal-documents/{id}/events/{eventId}/xml: the legal record of a
 * registered event, as kept when the authority registered it: the
 * procEventoNFe (signed evento with its retEvento) of an NF-e/NFC-e
 * cancellation, correction letter or delivery receipt, or the event XML Sefin
 * returned for an NFS-e cancellation. Another company's document or event, or
 * an event of another document, is 404; an authorization or rejection is the
 * document's own XML (GET …/xml), and an event the authority refused was
 * never registered: both 404 document_not_available.
 */
export async function getDocumentEventXml(companyId: string, documentId: string, eventId: string, query: DocumentEventXmlQuery, client: DbClient = db): Promise<FileDownload> {
  const event = await client.documentEvent.findFirst({
    where: { id: eventId, documentId, companyId },
    select: { kind: true, eventCode: true, outcome: true, sequence: true, responseXml: true, document: { select: { id: true, type: true, accessKey: true } } },
  });
  if (!event) throw notFound("Document event");
  return documentEventXmlFile(event, event.document, query, documentId);
}

type XmlEvent = { kind: DocumentEventKind; eventCode?: string | null; outcome: string; sequence: number; responseXml: string | null };
type EventOwner = { id: string; type: string; accessKey: string | null };

/** Whether an event has an XML of its own (a registered cancellation, correction letter or delivery receipt). */
export function hasEventXml(event: XmlEvent): boolean {
  return EVENT_FILES[event.kind] !== undefined && event.outcome === "AUTHORIZED" && event.responseXml !== null;
}

/** The XML file of a loaded event: the route's answer and the accountant export's entry (lib/exports) are the same bytes and name. */
export function documentEventXmlFile(event: XmlEvent, document: EventOwner, query: Pick<DocumentEventXmlQuery, "download">, documentId = document.id): FileDownload {
  const file = fileName(event);
  if (!file) throw new DomainError(404, "document_not_available", `A ${event.kind} is not an event of its own: its XML is the document's (GET /v1/fiscal-documents/${documentId}/xml)`);
  if (event.outcome !== "AUTHORIZED" || !event.responseXml) {
    throw new DomainError(404, "document_not_available", "The authority did not register this event; it has no event XML");
  }
  const suffix = document.type === "NFSE" ? "nfse" : document.type === "NFCE" ? "nfce" : "nfe";
  return {
    body: event.responseXml,
    contentType: "application/xml; charset=utf-8",
    fileName: `${document.accessKey ?? document.id}-${suffix}-${file}-${String(event.sequence).padStart(2, "0")}.xml`,
    download: query.download,
  };
}
