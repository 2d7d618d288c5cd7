import type { DocumentEventKind, Prisma } from "@prisma/client";
import { db } from "@/lib/db/client";
import { runRow } from "@/lib/jobs/enqueue-run";
import { RECONCILE_EVENT_INTENT_EVENT, RECONCILE_EVENT_INTENT_FUNCTION_ID, reconcileDueAt } from "./intent-events";

// The intent of a synchronous event, committed before the authority is called
// (as inutilizations keep a PENDING row): the event, its sequence, the signed
// request and what the recording needs. With it goes a background run that
// looks after the call's timeout: if our process died between the authority's
// answer and our recording, that run (or the next attempt on the document)
// consults the access key and records what the authority holds.

export type EventIntentInput = { kind: DocumentEventKind; details: Prisma.InputJsonObject };

export async function recordEventIntent(input: {
  /** The issued document, or (`received: true`) the received NF-e the recipient's event is about. */
  document: { id: string; companyId: string; received?: boolean };
  intent: EventIntentInput;
  eventCode: string;
  sequence: number;
  requestXml: string;
  now?: Date;
}): Promise<string> {
  const { document } = input;
  const dueAt = reconcileDueAt(input.now ?? new Date());
  return db.$transaction(async (tx) => {
    const row = await tx.documentEventIntent.create({
      data: {
        ...(document.received ? { receivedDocumentId: document.id } : { documentId: document.id }),
        companyId: document.companyId,
        kind: input.intent.kind,
        eventCode: input.eventCode,
        sequence: input.sequence,
        requestXml: input.requestXml,
        details: input.intent.details,
      },
    });
    // Queued as a row due at dueAt, nothing sent now (no network inside this transaction): the local
    // worker claims it when due, and with Inngest the relay of database-queued runs forwards it.
    const run = runRow({
      functionId: RECONCILE_EVENT_INTENT_FUNCTION_ID,
      eventName: RECONCILE_EVENT_INTENT_EVENT,
      data: { companyId: document.companyId, documentId: document.id, intentId: row.id, dueAt: dueAt.toISOString() },
      companyId: document.companyId,
      documentId: document.id,
    });
    await tx.backgroundRun.create({ data: { ...run, eventData: run.eventData as Prisma.InputJsonObject, runAt: dueAt } });
    return row.id;
  });
}

/** An intent already resolved by someone else (the reconciler, a retry): the recording transaction stops. */
export class IntentAlreadyResolved extends Error {
  constructor(intentId: string) {
    super(`Event intent ${intentId} was already resolved`);
  }
}

/**
 * Marks the intent resolved inside the transaction that records the answer.
 * Only a PENDING intent moves, so two recorders of one answer cannot both commit.
 */
export async function resolveEventIntent(
  tx: Prisma.TransactionClient,
  intentId: string,
  resolution: { status: "RECORDED"; eventId: string; note?: string } | { status: "NOT_REGISTERED"; note: string },
): Promise<void> {
  const moved = await tx.documentEventIntent.updateMany({
    where: { id: intentId, status: "PENDING" },
    data: { status: resolution.status, eventId: resolution.status === "RECORDED" ? resolution.eventId : null, resolution: resolution.note ?? null, resolvedAt: new Date() },
  });
  if (moved.count === 0) throw new IntentAlreadyResolved(intentId);
}
