import type { Prisma, ReceivedDocument } from "@prisma/client";

// The webhook outcomes of received documents (docs/api-notes/webhooks.md):
// received_document.created for a new NF-e, received_document.updated when its
// issuer cancelled it, its full XML arrived or our manifestation was
// registered. Written in the transaction that made the change, like every
// DomainEvent, so the delivery is never lost nor sent for a rolled-back change.

export type ReceivedDocumentChange = "created" | "cancelled" | "xml_available" | "manifestation_registered" | "event_registered";

/** The tax-reform event (NT 2025.002-RTC) an event_registered change is about: ours or the issuer's. */
export type ReceivedDocumentEventFacts = { id: string; type: string; sequence: number; protocol: string | null; author: "ISSUER" | "RECIPIENT" };

export function receivedDocumentEventData(document: ReceivedDocument, change: ReceivedDocumentChange, event?: ReceivedDocumentEventFacts) {
  return {
    receivedDocumentId: document.id,
    // NFE (the AN's distribution) or NFSE (the ADN's, issue 57).
    documentType: document.documentType === "NFSE" ? "NFSE" : "NFE",
    change,
    ...(event ? { event } : {}),
    accessKey: document.accessKey,
    issuerDocument: document.issuerDocument,
    issuerName: document.issuerName,
    issueDate: document.issueDate.toISOString(),
    totalValue: document.totalValue.toFixed(2),
    authorityStatus: document.authorityStatus,
    manifestation: document.manifestation,
    hasXml: document.xml !== null,
    environment: document.environment,
  };
}

export async function recordReceivedDocumentEvent(tx: Prisma.TransactionClient, document: ReceivedDocument, change: ReceivedDocumentChange, event?: ReceivedDocumentEventFacts): Promise<void> {
  await tx.domainEvent.create({
    data: {
      companyId: document.companyId,
      type: change === "created" ? "received_document.created" : "received_document.updated",
      environment: document.environment,
      documentType: document.documentType === "NFSE" ? "NFSE" : "NFE",
      data: receivedDocumentEventData(document, change, event),
    },
  });
}
