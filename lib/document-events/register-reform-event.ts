import type { DocumentEvent, FiscalDocument, Prisma } from "@prisma/client";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { isReformEvent, REFORM_EVENT_DESCRIPTIONS, type ReformEventDetail, type ReformEventType } from "@/lib/fiscal/nfe/build-reform-event";
import { assertAuthorized } from "./rules";
import { assertReformEventItems, assertReformEventModel, stateCode } from "./reform-rules";
import { sameEventInput, toReformEventDetail, type CancelReformEventInput, type IssuerReformEventInput, type ReformEvent } from "./reform-event-schemas";
import { recordEventOutcome } from "./record-event-outcome";
import { APPLICATION_VERSION, authorityRejected, sendDocumentEvent, type EventSent } from "./send-event";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

// POST /v1/fiscal-documents/{id}/events and DELETE …/events/{eventId}: the
// issuer's IBS/CBS events (NT 2025.002-RTC v1.31, items 8.3, 8.15, 8.17, 8.18,
// 8.19) and their cancellation 110001 (8.14), through the same path as the
// other events (withDocumentEventCall: reconcile earlier intents, check the
// rules, intent before the call, one transaction for the answer and its
// DomainEvent). Each event takes the next nSeqEvento of its type: several of
// one type accumulate (8.5 "eventos cumulativos"); a refused one uses none.

type EventRow = Pick<DocumentEvent, "id" | "kind" | "eventCode" | "sequence" | "outcome" | "protocol" | "cStat" | "reason" | "details" | "occurredAt">;

/** Next nSeqEvento of a type: after every sequence the authority holds (registered, or taken by a lost attempt). */
async function nextSequence(documentId: string, eventCode: string): Promise<number> {
  const taken = await db.documentEvent.aggregate({ where: { documentId, eventCode, outcome: "AUTHORIZED" }, _max: { sequence: true } });
  return (taken._max.sequence ?? 0) + 1;
}

async function sendAndRecord(context: { document: FiscalDocument; company: { cnpj: string; state: string } }, input: { kind: "REFORM_EVENT" | "REFORM_EVENT_CANCELLATION"; detail: ReformEventDetail; sequence: number; details: Prisma.InputJsonObject; now: Date }) {
  const { document, company } = context;
  const detail = { ...input.detail, authorStateCode: stateCode(company.state), applicationVersion: APPLICATION_VERSION };
  const sent: EventSent = await sendDocumentEvent({ company, document, sequence: input.sequence, detail, now: input.now, recoverLostAnswer: true, intent: { kind: input.kind, details: input.details } });
  const row = await recordAnswer((tx) => recordEventOutcome(tx, document, { kind: input.kind, eventCode: input.detail.tpEvento, sequence: input.sequence, sent, details: input.details }));
  return { sent, row };
}

export async function registerIssuerReformEvent(input: { companyId: string; documentId: string; body: IssuerReformEventInput; now?: Date }): Promise<ReformEvent> {
  const now = input.now ?? new Date();
  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company, recovered }) => {
    // This very request, registered by an earlier attempt whose answer was lost and just recorded: answered, not sent again
    // (a second 211130 or 112120 would accumulate).
    const earlier = recovered("REFORM_EVENT");
    if (earlier?.sent && sameEventInput((earlier.details as { input?: unknown } | null)?.input, input.body)) {
      const intent = await db.documentEventIntent.findUniqueOrThrow({ where: { id: earlier.intentId }, select: { eventId: true } });
      if (intent.eventId) return { sent: earlier.sent as EventSent, row: await db.documentEvent.findUniqueOrThrow({ where: { id: intent.eventId } }) };
    }
    assertReformEventModel(document.type);
    assertAuthorized(document.status, "receive an IBS/CBS event");
    const detail = toReformEventDetail(input.body);
    assertReformEventItems(document.authorizedXml, detail);
    const sequence = await nextSequence(document.id, detail.tpEvento);
    return sendAndRecord({ document, company }, { kind: "REFORM_EVENT", detail, sequence, details: { author: "ISSUER", input: input.body }, now });
  });
  if (outcome.sent.kind === "refused") throw authorityRejected(outcome.sent);
  return toReformEvent(outcome.row, []);
}

/**
 * 110001 on one of the issuer's registered reform events: same author (1P10-10), its protocol
 * (1P24-10), nSeqEvento of the event cancelled (P15). Our justification is kept with the
 * record only: e110001 has no field for it.
 */
export async function cancelIssuerReformEvent(input: { companyId: string; documentId: string; eventId: string; body: CancelReformEventInput; now?: Date }): Promise<ReformEvent> {
  const now = input.now ?? new Date();
  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company }) => {
    const target = await db.documentEvent.findFirst({ where: { id: input.eventId, documentId: document.id, companyId: input.companyId, kind: "REFORM_EVENT" } });
    if (!target) throw notFound("Event");
    assertCancellable(target, await cancellationsOf(document.id));
    if ((target.details as { author?: string } | null)?.author !== "ISSUER") {
      throw new DomainError(422, "event_not_cancellable", "Only the author of an event may cancel it (NT 2025.002-RTC 8.14, rule 1P10-10): this one was registered by the recipient");
    }
    const detail: ReformEventDetail = { tpEvento: "110001", cancelledEventType: target.eventCode as ReformEventType, eventProtocol: target.protocol! };
    const details = { author: "ISSUER", cancelledEventId: target.id, cancelledEventType: target.eventCode, justification: input.body.justification };
    return sendAndRecord({ document, company }, { kind: "REFORM_EVENT_CANCELLATION", detail, sequence: target.sequence, details, now });
  });
  if (outcome.sent.kind === "refused") throw authorityRejected(outcome.sent);
  return toReformEvent(outcome.row, []);
}

function assertCancellable(target: EventRow, cancellations: EventRow[]): void {
  if (target.outcome !== "AUTHORIZED" || !target.protocol) throw new DomainError(422, "event_not_cancellable", "Only a registered event can be cancelled; this one was refused by the authority");
  if (cancellations.some((c) => (c.details as { cancelledEventId?: string } | null)?.cancelledEventId === target.id)) {
    throw new DomainError(422, "event_not_cancellable", "This event is already cancelled");
  }
}

const cancellationsOf = (documentId: string) => db.documentEvent.findMany({ where: { documentId, kind: "REFORM_EVENT_CANCELLATION", outcome: "AUTHORIZED" } });

/** GET /v1/fiscal-documents/{id}/events: the reform events of the NF-e, ours and the recipient's (received by distribution), oldest first. */
export async function listIssuedDocumentReformEvents(companyId: string, documentId: string): Promise<{ data: ReformEvent[] }> {
  const document = await db.fiscalDocument.findFirst({ where: { id: documentId, companyId }, select: { id: true } });
  if (!document) throw notFound("Fiscal document");
  const rows = await db.documentEvent.findMany({
    where: { documentId, companyId, kind: { in: ["REFORM_EVENT", "REFORM_EVENT_CANCELLATION"] } },
    orderBy: [{ occurredAt: "asc" }, { createdAt: "asc" }],
  });
  const cancellations = rows.filter((r) => r.kind === "REFORM_EVENT_CANCELLATION" && r.outcome === "AUTHORIZED");
  return { data: rows.map((row) => toReformEvent(row, cancellations)) };
}

export function toReformEvent(row: EventRow, cancellations: EventRow[]): ReformEvent {
  const details = (row.details ?? null) as Record<string, unknown> | null;
  const code = row.eventCode ?? "";
  const cancelled = cancellations.some((c) => (c.details as { cancelledEventId?: string } | null)?.cancelledEventId === row.id);
  return {
    id: row.id,
    type: code,
    description: isReformEvent(code) ? REFORM_EVENT_DESCRIPTIONS[code] : code,
    sequence: row.sequence,
    author: details?.author === "RECIPIENT" ? "RECIPIENT" : "ISSUER",
    status: row.outcome !== "AUTHORIZED" ? "REJECTED" : cancelled ? "CANCELLED" : "REGISTERED",
    protocol: row.protocol,
    cStat: row.cStat,
    reason: row.reason,
    details,
    registeredAt: row.outcome === "AUTHORIZED" ? row.occurredAt.toISOString() : null,
  };
}
