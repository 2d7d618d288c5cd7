import type { Prisma, ReceivedDocumentEvent } from "@prisma/client";
import { withAuthorityCall } from "@/lib/authority-calls";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import type { FileDownload } from "@/lib/downloads/get-document-xml";
import { DomainError, notFound } from "@/lib/errors";
import { buildSignedEvent, type NfeEventInput } from "@/lib/fiscal/nfe";
import { isReformEvent, REFORM_EVENT_DESCRIPTIONS, type ReformEventDetail, type ReformEventType } from "@/lib/fiscal/nfe/build-reform-event";
import { assertReformEventItems, stateCode } from "@/lib/document-events/reform-rules";
import { sameEventInput, toReformEventDetail, type AcquirerReformEventInput, type CancelReformEventInput, type ReformEvent } from "@/lib/document-events/reform-event-schemas";
import { recordEventIntent, resolveEventIntent } from "@/lib/document-events/intents";
import { reconcilePendingIntents, type Reconciled } from "@/lib/document-events/reconcile-intents";
import { recordReceivedEvent } from "@/lib/document-events/record-received-event";
import { APPLICATION_VERSION, authorityRejected, callAuthorityForEvent, type EventSent } from "@/lib/document-events/send-event";

// POST /v1/received-documents/{id}/events and DELETE …/events/{eventId}: the
// recipient's IBS/CBS events on an NF-e it received (NT 2025.002-RTC v1.31,
// items 8.4 … 8.11) and their cancellation 110001 (8.14), sent to the SVRS as
// the issued documents' events are: under the NF-e's authority-call claim,
// earlier intents reconciled first, the same build, signature and schema
// checks, a DocumentEventIntent (naming the received NF-e) committed before the
// call, 573 resolved by consulting the key, and one transaction recording the
// event with its procEventoNFe, received_document.updated and the intent.

type Row = Pick<ReceivedDocumentEvent, "id" | "eventType" | "sequence" | "protocol" | "registeredAt" | "author" | "details">;

// The key the reconciler's background run takes too (reconcile-intents.ts): ids are unique across issued and received documents.
const claimKey = (documentId: string) => `document-events:${documentId}`;

async function loadScope(companyId: string, documentId: string) {
  const document = await db.receivedDocument.findFirst({ where: { id: documentId, companyId } });
  if (!document) throw notFound("Received document");
  const company = await db.company.findFirstOrThrow({ where: { id: companyId }, select: { cnpj: true, state: true } });
  return { document, company };
}

function assertAcquirerEventAllowed(document: { authorityStatus: string }): void {
  // Every reform event is for NF-e model 55 (the received documents are) on an authorized NF-e.
  if (document.authorityStatus !== "AUTHORIZED") {
    throw new DomainError(422, "reform_event_not_allowed", `The NF-e is ${document.authorityStatus}; IBS/CBS events need an authorized NF-e`);
  }
}

async function nextSequence(documentId: string, tpEvento: string): Promise<number> {
  const taken = await db.receivedDocumentEvent.aggregate({ where: { receivedDocumentId: documentId, eventType: tpEvento }, _max: { sequence: true } });
  return (taken._max.sequence ?? 0) + 1;
}

type Scope = Awaited<ReturnType<typeof loadScope>>;

async function sendAndRecord(scope: Scope, input: { kind: "REFORM_EVENT" | "REFORM_EVENT_CANCELLATION"; detail: ReformEventDetail; sequence: number; details: Prisma.InputJsonObject; now: Date }): Promise<Row> {
  const { document, company } = scope;
  const { detail, sequence } = input;
  const credentials = await loadSigningCredentials(document.companyId);
  const event = {
    accessKey: document.accessKey, environment: document.environment, authorCnpj: company.cnpj, occurredAt: input.now, sequence,
    ...detail, authorStateCode: stateCode(company.state), applicationVersion: APPLICATION_VERSION,
  } as NfeEventInput;
  const signed = buildSignedEvent(event, credentials).xml;
  const intentId = await recordEventIntent({ document: { id: document.id, companyId: document.companyId, received: true }, intent: { kind: input.kind, details: input.details }, eventCode: detail.tpEvento, sequence, requestXml: signed, now: input.now });
  const target = { uf: company.state, environment: document.environment, model: 55 as const };
  const sent: EventSent = await callAuthorityForEvent({ companyId: document.companyId, target, accessKey: document.accessKey, signed, tpEvento: detail.tpEvento, sequence, credentials, recoverLostAnswer: true, intentId });
  if (sent.kind === "refused") {
    // Nothing registered: the intent is closed with the refusal (a refused event is not kept on a received NF-e).
    await db.$transaction((tx) => resolveEventIntent(tx, intentId, { status: "NOT_REGISTERED", note: `Refused: ${sent.cStat} - ${sent.reason}` }));
    throw authorityRejected(sent);
  }
  return db.$transaction((tx) => recordReceivedEvent(tx, document, { eventCode: detail.tpEvento, sequence, sent, details: input.details }));
}

/** An earlier attempt of this very request, registered but unrecorded, that the reconciliation just recorded: answered instead of sending again. */
async function recoveredRow(reconciled: Reconciled[], matches: (details: Record<string, unknown>) => boolean): Promise<Row | null> {
  const earlier = reconciled.findLast((r) => r.status === "recorded" && matches((r.details ?? {}) as Record<string, unknown>));
  if (!earlier) return null;
  const intent = await db.documentEventIntent.findUniqueOrThrow({ where: { id: earlier.intentId }, select: { eventId: true } });
  return intent.eventId ? db.receivedDocumentEvent.findUnique({ where: { id: intent.eventId } }) : null;
}

export async function registerAcquirerReformEvent(input: { companyId: string; documentId: string; body: AcquirerReformEventInput; now?: Date }): Promise<ReformEvent> {
  const now = input.now ?? new Date();
  await loadScope(input.companyId, input.documentId);
  const row = await withAuthorityCall({ companyId: input.companyId, key: claimKey(input.documentId) }, async () => {
    const reconciled = await reconcilePendingIntents(input.companyId, input.documentId);
    const same = await recoveredRow(reconciled, (details) => sameEventInput(details.input, input.body));
    if (same) return same;
    const scope = await loadScope(input.companyId, input.documentId);
    assertAcquirerEventAllowed(scope.document);
    const detail = toReformEventDetail(input.body);
    // The full nfeProc is there once the company manifested; before, the authority checks the items alone.
    assertReformEventItems(scope.document.xml, detail);
    const sequence = await nextSequence(scope.document.id, detail.tpEvento);
    return sendAndRecord(scope, { kind: "REFORM_EVENT", detail, sequence, details: { input: input.body }, now });
  });
  return toReceivedReformEvent(row, []);
}

/** 110001 on one of our registered events: its type, protocol and sequence (NT 8.14, P15, 1P06-10 … 1P24-10). */
export async function cancelAcquirerReformEvent(input: { companyId: string; documentId: string; eventId: string; body: CancelReformEventInput; now?: Date }): Promise<ReformEvent> {
  const now = input.now ?? new Date();
  await loadScope(input.companyId, input.documentId);
  const row = await withAuthorityCall({ companyId: input.companyId, key: claimKey(input.documentId) }, async () => {
    const reconciled = await reconcilePendingIntents(input.companyId, input.documentId);
    const same = await recoveredRow(reconciled, (details) => details.cancelledEventId === input.eventId);
    if (same) return same;
    const scope = await loadScope(input.companyId, input.documentId);
    const target = await db.receivedDocumentEvent.findFirst({ where: { id: input.eventId, receivedDocumentId: scope.document.id } });
    if (!target || !isReformEvent(target.eventType) || target.eventType === "110001") throw notFound("Event");
    if (target.author !== "RECIPIENT") throw new DomainError(422, "event_not_cancellable", "Only the author of an event may cancel it (NT 2025.002-RTC 8.14, rule 1P10-10): this one was registered by the issuer");
    const cancellations = await db.receivedDocumentEvent.findMany({ where: { receivedDocumentId: scope.document.id, eventType: "110001" } });
    if (isCancelled(target, cancellations)) throw new DomainError(422, "event_not_cancellable", "This event is already cancelled");
    if (!target.protocol) throw new DomainError(422, "event_not_cancellable", "The event has no protocol to cancel");
    const detail: ReformEventDetail = { tpEvento: "110001", cancelledEventType: target.eventType as ReformEventType, eventProtocol: target.protocol };
    const details = { cancelledEventId: target.id, cancelledEventType: target.eventType, justification: input.body.justification };
    return sendAndRecord(scope, { kind: "REFORM_EVENT_CANCELLATION", detail, sequence: target.sequence, details, now });
  });
  return toReceivedReformEvent(row, []);
}

/** A 110001 names the event it cancels by type (tpEventoAut) and carries its nSeqEvento (NT 8.14, P15). */
const isCancelled = (row: Row, cancellations: Row[]) =>
  cancellations.some((c) => c.sequence === row.sequence && (c.details as { cancelledEventType?: string } | null)?.cancelledEventType === row.eventType);

/** GET /v1/received-documents/{id}/events: the IBS/CBS events on the NF-e, the issuer's (distributed) and ours. */
export async function listReceivedReformEvents(companyId: string, documentId: string): Promise<{ data: ReformEvent[] }> {
  const document = await db.receivedDocument.findFirst({ where: { id: documentId, companyId }, select: { id: true } });
  if (!document) throw notFound("Received document");
  const rows = await db.receivedDocumentEvent.findMany({ where: { receivedDocumentId: documentId }, orderBy: [{ registeredAt: "asc" }, { createdAt: "asc" }] });
  const reform = rows.filter((r) => isReformEvent(r.eventType));
  const cancellations = reform.filter((r) => r.eventType === "110001");
  return { data: reform.map((r) => toReceivedReformEvent(r, cancellations)) };
}

export function toReceivedReformEvent(row: Row, cancellations: Row[]): ReformEvent {
  const code = row.eventType;
  return {
    id: row.id,
    type: code,
    description: isReformEvent(code) ? REFORM_EVENT_DESCRIPTIONS[code] : code,
    sequence: row.sequence,
    author: row.author === "RECIPIENT" ? "RECIPIENT" : "ISSUER",
    status: isCancelled(row, cancellations) ? "CANCELLED" : "REGISTERED",
    protocol: row.protocol,
    cStat: "135",
    reason: null,
    details: (row.details ?? null) as Record<string, unknown> | null,
    registeredAt: row.registeredAt?.toISOString() ?? null,
  };
}

/** GET /v1/received-documents/{id}/events/{eventId}/xml: the event's procEventoNFe (or the resEvento, before the full XML) as stored. */
export async function receivedEventXmlFile(companyId: string, documentId: string, eventId: string, query: { download: boolean }): Promise<FileDownload> {
  const row = await db.receivedDocumentEvent.findFirst({ where: { id: eventId, receivedDocumentId: documentId, document: { companyId } }, include: { document: { select: { accessKey: true } } } });
  if (!row) throw notFound("Event");
  const body = /^\s*<\?xml/.test(row.xml) ? row.xml : `<?xml version="1.0" encoding="UTF-8"?>${row.xml}`;
  return { body, contentType: "application/xml; charset=utf-8", fileName: `${row.document.accessKey}-${row.eventType}-${String(row.sequence).padStart(2, "0")}.xml`, download: query.download };
}
