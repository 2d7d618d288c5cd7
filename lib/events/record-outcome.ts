import type { FiscalDocument, Inutilization, Prisma } from "@prisma/client";

// Durable outcomes (api.md, Events): written in the same transaction as the
// state change, so webhook deliveries can be built from these rows later
// without touching emission. The data shapes are the spec's event data.

export type DocumentOutcomeType = "document.authorized" | "document.rejected" | "document.cancelled" | "document.denied" | "document.contingency";

/** The document fields an outcome's data carries. */
export type DocumentEventSource = Pick<
  FiscalDocument,
  "id" | "companyId" | "externalId" | "type" | "series" | "number" | "accessKey" | "authorizationDate" | "protocolNumber" | "rejectionReason" | "cancellationReason" | "totalValue" | "environment"
>;

export function documentEventData(document: DocumentEventSource) {
  return {
    documentId: document.id,
    externalId: document.externalId,
    type: document.type,
    series: document.series,
    number: document.number,
    accessKey: document.accessKey,
    authorizationDate: document.authorizationDate?.toISOString() ?? null,
    protocolNumber: document.protocolNumber,
    rejectionReason: document.rejectionReason,
    cancellationReason: document.cancellationReason,
    totalValue: document.totalValue.toFixed(2),
    environment: document.environment,
  };
}

/**
 * document.contingency (an NFC-e issued offline, docs/api-notes/contingency.md): the
 * document event data with status CONTINGENCY and { mode, since, reason }.
 */
export function contingencyEventData(document: DocumentEventSource & Pick<FiscalDocument, "contingencyMode" | "contingencySince" | "contingencyReason">) {
  return {
    ...documentEventData({ ...document, authorizationDate: null, protocolNumber: null, rejectionReason: null }),
    status: "CONTINGENCY",
    contingency: { mode: document.contingencyMode, since: document.contingencySince ? new Date(document.contingencySince).toISOString() : null, reason: document.contingencyReason },
  };
}

/** The data of a document outcome event of this type. */
export function outcomeEventData(type: DocumentOutcomeType, document: FiscalDocument) {
  return type === "document.contingency" ? contingencyEventData(document) : documentEventData(document);
}

/** Call inside the transaction that moved the document to AUTHORIZED, REJECTED, DENIED or CANCELLED. */
export async function recordDocumentOutcome(tx: Prisma.TransactionClient, type: DocumentOutcomeType, document: FiscalDocument) {
  return tx.domainEvent.create({
    data: {
      companyId: document.companyId,
      type,
      documentId: document.id,
      environment: document.environment,
      documentType: document.type,
      data: documentEventData(document),
    },
  });
}

/** Call inside the transaction that marked a range AUTHORIZED by the authority. */
export async function recordInutilizationOutcome(tx: Prisma.TransactionClient, record: Inutilization) {
  return tx.domainEvent.create({
    data: {
      companyId: record.companyId,
      type: "document.inutilized",
      inutilizationId: record.id,
      environment: record.environment,
      data: {
        inutilizationId: record.id,
        series: record.series,
        startNumber: record.startNumber,
        endNumber: record.endNumber,
        year: record.year,
        // Our addition: MANUAL or AUTOMATIC (the gap job, docs/api-notes/inutilizations.md).
        origin: record.origin,
      },
    },
  });
}

/**
 * inutilization.registered (the event issue 56 names; our extension beside the spec's
 * document.inutilized, docs/api-notes/inutilizations.md "Webhooks"): the same authorized range with
 * what document.inutilized leaves out (model, protocol, date, origin, the documents it closed), and a
 * document type (NFE for model 55, NFCE for 65) so an endpoint's documentTypes filter applies.
 * Delivered only to endpoints that list INUTILIZATION_REGISTERED (webhook_endpoint_subscribed), so an
 * endpoint without filters does not get the same range twice. Payload schema:
 * lib/webhooks/schemas.ts InutilizationRegisteredEventData. Same transaction as the authorization.
 */
export async function recordInutilizationRegistered(tx: Prisma.TransactionClient, record: Inutilization, inutilizedDocumentIds: string[]) {
  return tx.domainEvent.create({
    data: {
      companyId: record.companyId,
      type: "inutilization.registered",
      inutilizationId: record.id,
      environment: record.environment,
      documentType: record.model === "65" ? "NFCE" : "NFE",
      data: {
        inutilizationId: record.id,
        model: record.model === "65" ? "65" : "55",
        series: record.series,
        startNumber: record.startNumber,
        endNumber: record.endNumber,
        year: record.year,
        protocol: record.protocol,
        inutilizationDate: record.inutilizationDate?.toISOString() ?? null,
        origin: record.origin,
        environment: record.environment,
        inutilizedDocumentIds,
      },
    },
  });
}

/**
 * document.event_registered (our extension, docs/api-notes/reform-events.md): a tax-reform event
 * (NT 2025.002-RTC, item 8) registered on an issued NF-e, ours or the recipient's (received by
 * distribution), or its cancellation 110001. The document's data plus the event.
 */
export async function recordDocumentEventRegistered(
  tx: Prisma.TransactionClient,
  document: FiscalDocument,
  event: { id: string; eventCode: string | null; sequence: number; protocol: string | null; details: Prisma.JsonValue },
) {
  const details = (event.details ?? {}) as { author?: string; cancelledEventId?: string };
  return tx.domainEvent.create({
    data: {
      companyId: document.companyId,
      type: "document.event_registered",
      documentId: document.id,
      environment: document.environment,
      documentType: document.type,
      data: {
        ...documentEventData(document),
        event: { id: event.id, type: event.eventCode, sequence: event.sequence, protocol: event.protocol, author: details.author === "RECIPIENT" ? "RECIPIENT" : "ISSUER", cancelledEventId: details.cancelledEventId ?? null },
      },
    },
  });
}
