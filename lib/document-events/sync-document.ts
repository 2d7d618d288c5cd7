import type { DocumentEventKind, DocumentStatus, FiscalDocument, Prisma } from "@prisma/client";
import { getTaxAuthority, type RegisteredEvent } from "@/lib/authority";
import { assertNotMisusePaused, isMisuse, misuseRecorded } from "@/lib/authority/misuse-pause";
import { loadSigningCredentials } from "@/lib/certificates";
import { db, getPool } from "@/lib/db/client";
import { DomainError, unprocessable } from "@/lib/errors";
import { extractElement } from "@/lib/fiscal/nfe";
import { knownOutcome } from "@/lib/emission/send-for-authorization";
import { settleAuthorized, settleDenied } from "@/lib/emission/settle-emission";
import { consultationTarget } from "@/lib/lookups/nfe-by-key";
import { recordEventOutcome } from "./record-event-outcome";
import type { SyncDocumentResponse } from "./sync-schemas";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

// POST /v1/fiscal-documents/{id}/sync (issue 56 item 4): asks the authority what it holds for
// the document's access key (NFeConsultaProtocolo4: its protocol and every registered event) and
// brings the document in line with the same code the background runs use:
// - an authorization or denial the authority holds for a document still PROCESSING here (or
//   REJECTED/DRAFT after a send whose answer was lost) is settled by settleAuthorized /
//   settleDenied (lib/emission/settle-emission.ts: status, DocumentEvent, DomainEvent → webhook),
//   exactly as reconcileEmission settles it;
// - each event the authority registered that is not recorded here (a cancellation or CC-e made
//   through another system or whose answer was lost) is recorded by recordEventOutcome, as the
//   intent reconciler records it (a cancellation makes the document CANCELLED with document.cancelled).
// It runs under the document's authority-call claim (withDocumentEventCall), which first finishes
// any PENDING event intent by the same consultation. Nothing is ever sent but the consultation.

const EVENT_KINDS: Record<string, DocumentEventKind> = {
  "110111": "CANCELLATION",
  "110110": "CORRECTION_LETTER",
  "110130": "DELIVERY_RECEIPT",
  "110131": "DELIVERY_RECEIPT_CANCELLATION",
};

/** Where a document not (yet) AUTHORIZED here may be settled from when the authority holds its outcome. */
const SETTLEABLE: DocumentStatus[] = ["PROCESSING", "REJECTED", "DRAFT"];

export async function syncDocument(input: { companyId: string; documentId: string }): Promise<SyncDocumentResponse> {
  return withDocumentEventCall(input.companyId, input.documentId, async ({ document }) => {
    if (document.type === "NFSE") throw unprocessable("sync_not_applicable", "Sync consults NFeConsultaProtocolo4: it applies to NF-e and NFC-e; an NFS-e is followed at Sefin Nacional");
    if (!document.accessKey || !document.signedXml) throw unprocessable("sync_not_applicable", `The document was never sent to the authority (status ${document.status}, no access key): there is nothing to consult`);
    const target = consultationTarget(document.accessKey, document.environment);
    await assertNotMisusePaused(document.companyId, target);
    const credentials = await loadSigningCredentials(document.companyId);
    const authority = getTaxAuthority(document.environment);
    const consulted = await authority.consult(target, document.accessKey, credentials);
    if (isMisuse(consulted)) throw await misuseRecorded(document.companyId, target);
    if (consulted.kind === "communication_failure") throw new DomainError(503, "authority_unavailable", `The authority could not be consulted (${consulted.reason}); try again later`, { "Retry-After": "30" });
    if (consulted.kind === "refused") throw unprocessable("authority_rejected", `${consulted.cStat} - ${consulted.reason}`);

    const previousStatus = document.status;
    const changes: SyncDocumentResponse["changes"] = [];
    let current: FiscalDocument = document;

    if (SETTLEABLE.includes(current.status) && (consulted.kind === "authorized" || consulted.kind === "denied") && current.runId) {
      // The same answer reading and settlement as reconcileEmission.
      const known = knownOutcome(consulted);
      if (!known || known.kind === "communication_failure") throw new Error("An authorization or denial was not read as one");
      const run = { companyId: current.companyId, documentId: current.id, runId: current.runId! };
      const source = { ...current, emissionAttempts: current.emissionAttempts };
      const settled =
        known.kind === "authorized"
          ? await settleAuthorized(getPool(), run, source, known, { from: SETTLEABLE })
          : await settleDenied(getPool(), run, source, known, { from: SETTLEABLE });
      if (settled.kind === "settled") changes.push({ kind: "status", from: current.status, to: settled.status, cStat: known.cStat, protocol: known.protocol });
      current = await reload(current);
    }

    if (consulted.kind === "authorized" && (current.status === "AUTHORIZED" || current.status === "CANCELLED")) {
      const recorded = await recordedEvents(current);
      for (const held of consulted.events) {
        const kind = EVENT_KINDS[held.tpEvento];
        if (!kind || recorded.has(`${held.tpEvento}:${held.sequence}`)) continue;
        // A cancellation takes effect only on an AUTHORIZED document (never twice).
        if (kind === "CANCELLATION" && current.status !== "AUTHORIZED") continue;
        await recordAnswer((tx) => recordEventOutcome(tx, current, { kind, eventCode: held.tpEvento, sequence: held.sequence, sent: heldEvent(held), details: eventDetails(held) }));
        changes.push({ kind: "event", eventCode: held.tpEvento, sequence: held.sequence, protocol: held.protocol });
        current = await reload(current);
      }
    }

    return {
      documentId: current.id,
      accessKey: current.accessKey!,
      previousStatus,
      status: current.status,
      changed: changes.length > 0,
      changes,
      authority: {
        status: consulted.kind === "authorized" ? (consulted.events.some((e) => e.tpEvento === "110111" || e.tpEvento === "110112") ? "CANCELLED" : "AUTHORIZED") : consulted.kind === "denied" ? "DENIED" : "NOT_FOUND",
        cStat: consulted.cStat,
        reason: consulted.reason,
        protocol: consulted.kind === "authorized" || consulted.kind === "denied" ? consulted.protocol : null,
        events: consulted.kind === "authorized" ? consulted.events.map((e) => ({ eventCode: e.tpEvento, sequence: e.sequence, protocol: e.protocol })) : [],
      },
      message: changes.length > 0 ? `Brought in line with the authority: ${changes.length} change(s)` : "Already in line with the authority",
    };
  });
}

async function reload(document: FiscalDocument): Promise<FiscalDocument> {
  return db.fiscalDocument.findFirstOrThrow({ where: { id: document.id, companyId: document.companyId } });
}

/** eventCode:sequence of every event registered (outcome AUTHORIZED) on the document here. */
async function recordedEvents(document: FiscalDocument): Promise<Set<string>> {
  const rows = await db.documentEvent.findMany({ where: { documentId: document.id, companyId: document.companyId, outcome: "AUTHORIZED", eventCode: { not: null } }, select: { eventCode: true, sequence: true } });
  return new Set(rows.map((r) => `${r.eventCode}:${r.sequence}`));
}

function heldEvent(held: RegisteredEvent) {
  const registeredAt = new Date(held.registeredAt);
  return {
    kind: "registered" as const,
    cStat: held.cStat,
    reason: "Registered at the authority; recorded by a sync (POST /v1/fiscal-documents/{id}/sync)",
    protocol: held.protocol,
    registeredAt: Number.isNaN(registeredAt.getTime()) ? new Date() : registeredAt,
    requestXml: extractElement(held.procEventoXml, "evento") ?? held.procEventoXml,
    procEventoXml: held.procEventoXml,
    recovered: true,
  };
}

/** What the event says, under the names the API's own requests record (justification, correction). */
function eventDetails(held: RegisteredEvent): Prisma.InputJsonObject {
  const field = (name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}>([^<]*)<`).exec(held.procEventoXml)?.[1];
  const justification = field("xJust");
  const correction = field("xCorrecao");
  return { synced: true, ...(justification ? { justification } : {}), ...(correction ? { correction } : {}) };
}
