import type { DocumentEventIntent, FiscalDocument, Prisma } from "@prisma/client";
import { getNfseAuthority, getTaxAuthority, type AuthorityTarget } from "@/lib/authority";
import { withAuthorityCall } from "@/lib/authority-calls";
import { loadSigningCredentials, type SigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { extractElement } from "@/lib/fiscal/nfe";
import { eventAuthorityTarget } from "./event-authority";
import type { ReconcileEventIntentData } from "./intent-events";
import { IntentAlreadyResolved, resolveEventIntent } from "./intents";
import { recordEventOutcome } from "./record-event-outcome";
import type { EventSent } from "./send-event";
import { heldNfseCancellation, recordNfseCancellation } from "./nfse-cancellation-record";
import { recordReceivedEvent } from "./record-received-event";

// Finishing a call whose answer was never recorded (our process died, or the
// answer was lost): the access key is consulted (NFeConsultaProtocolo4 lists
// every event the authority registered, as procEventoNFe) and the outcome is
// recorded exactly as the request would have recorded it, or the intent is
// marked NOT_REGISTERED. Always under the document's authority-call claim.

export type Reconciled = {
  intentId: string;
  kind: DocumentEventIntent["kind"];
  sequence: number;
  details: Prisma.JsonValue;
  status: "recorded" | "not_registered" | "already_resolved";
  /** The registered NF-e event (for a retry to answer it). */
  sent?: Extract<EventSent, { kind: "registered" }>;
  protocol?: string | null;
};

/** Consults the authority for one PENDING intent and records what it holds. The caller holds the document's claim. */
export async function reconcileIntent(intent: DocumentEventIntent): Promise<Reconciled> {
  const base = { intentId: intent.id, kind: intent.kind, sequence: intent.sequence, details: intent.details };
  if (intent.receivedDocumentId) return reconcileReceivedIntent(intent, intent.receivedDocumentId);
  const document = await db.fiscalDocument.findFirstOrThrow({ where: { id: intent.documentId!, companyId: intent.companyId } });
  const company = await db.company.findFirstOrThrow({ where: { id: intent.companyId } });
  if (!document.accessKey) return { ...base, status: await markNotRegistered(intent, "The document has no access key") };
  const credentials = await loadSigningCredentials(intent.companyId);
  if (document.type === "NFSE") return reconcileNfseCancellation(intent, document, credentials);
  // A cancellation of an NF-e authorized in SVC goes to that SVC while it is active (event-authority.ts).
  const target = await eventAuthorityTarget(document, company.state, intent.eventCode);
  return reconcileByConsulting(intent, { target, accessKey: document.accessKey, credentials }, (tx, sent) =>
    recordEventOutcome(tx, document, { kind: intent.kind, eventCode: intent.eventCode, sequence: intent.sequence, sent, details: reconciledDetails(intent) }),
  );
}

const reconciledDetails = (intent: DocumentEventIntent) => ({ ...(intent.details as Prisma.JsonObject), reconciled: true }) as Prisma.InputJsonObject;

/**
 * NF-e/NFC-e: NFeConsultaProtocolo4 lists every registered event; the one under the intent's type and
 * sequence is recorded by `record` (in one transaction with the intent's resolution), else the intent
 * is NOT_REGISTERED. An authority out of reach is 503 and the intent stays PENDING.
 */
async function reconcileByConsulting(
  intent: DocumentEventIntent,
  call: { target: AuthorityTarget; accessKey: string; credentials: SigningCredentials },
  record: (tx: Prisma.TransactionClient, sent: Extract<EventSent, { kind: "registered" }>) => Promise<unknown>,
): Promise<Reconciled> {
  const base = { intentId: intent.id, kind: intent.kind, sequence: intent.sequence, details: intent.details };
  const consulted = await getTaxAuthority(call.target.environment).consult(call.target, call.accessKey, call.credentials);
  if (consulted.kind === "communication_failure" || consulted.kind === "refused") {
    throw new DomainError(
      503,
      "authority_unavailable",
      `An earlier ${intent.eventCode} call on this document has no recorded answer and the tax authority could not confirm it (${consulted.reason}); try again later`,
      { "retry-after": "30" },
    );
  }
  const held = consulted.kind === "authorized" ? consulted.events.find((e) => e.tpEvento === intent.eventCode && e.sequence === intent.sequence) : undefined;
  if (!held) {
    const note = `Consulted ${new Date().toISOString()}: the authority lists no event ${intent.eventCode} sequence ${intent.sequence} (${consulted.cStat} - ${consulted.reason})`;
    return { ...base, status: await markNotRegistered(intent, note) };
  }
  const sent = heldEvent(held, intent);
  try {
    await db.$transaction((tx) => record(tx, sent));
  } catch (error) {
    if (error instanceof IntentAlreadyResolved) return { ...base, status: "already_resolved" };
    throw error;
  }
  return { ...base, status: "recorded", sent, protocol: sent.protocol };
}

/**
 * The recipient's event on a received NF-e (NT 2025.002-RTC reform events): the key is consulted
 * with the company's certificate at its own state's service, as the request was sent, and the
 * event the authority lists under this type and sequence is recorded (record-received-event.ts).
 */
async function reconcileReceivedIntent(intent: DocumentEventIntent, receivedDocumentId: string): Promise<Reconciled> {
  const document = await db.receivedDocument.findFirstOrThrow({ where: { id: receivedDocumentId, companyId: intent.companyId } });
  const company = await db.company.findFirstOrThrow({ where: { id: intent.companyId } });
  const credentials = await loadSigningCredentials(intent.companyId);
  const target = { uf: company.state, environment: document.environment, model: 55 as const };
  return reconcileByConsulting(intent, { target, accessKey: document.accessKey, credentials }, (tx, sent) =>
    recordReceivedEvent(tx, document, { eventCode: intent.eventCode, sequence: intent.sequence, sent, details: reconciledDetails(intent) }),
  );
}

/** The event the authority lists, as the request would have recorded it. */
function heldEvent(held: { cStat: string; protocol: string; registeredAt: string; procEventoXml: string }, intent: DocumentEventIntent): Extract<EventSent, { kind: "registered" }> {
  return {
    kind: "registered",
    cStat: held.cStat,
    reason: "Registered by an earlier attempt whose answer was lost; recorded after consulting the access key",
    protocol: held.protocol,
    registeredAt: parseDate(held.registeredAt),
    requestXml: extractElement(held.procEventoXml, "evento") ?? intent.requestXml,
    procEventoXml: held.procEventoXml,
    recovered: true,
    intentId: intent.id,
  };
}

/** NFS-e: Sefin Nacional is asked for the cancellation it holds (GET …/eventos/101101/1). */
async function reconcileNfseCancellation(intent: DocumentEventIntent, document: FiscalDocument, credentials: SigningCredentials): Promise<Reconciled> {
  const base = { intentId: intent.id, kind: intent.kind, sequence: intent.sequence, details: intent.details };
  const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
  const held = await getNfseAuthority(document.environment).getEvent(document.environment, document.accessKey!, intent.eventCode, intent.sequence, certificate);
  if (held.kind === "not_found") return { ...base, status: await markNotRegistered(intent, `Consulted ${new Date().toISOString()}: Sefin Nacional holds no event ${intent.eventCode} sequence ${intent.sequence}`) };
  if (held.kind !== "authorized") {
    const reason = held.kind === "communication_failure" ? held.reason : `${held.code} - ${held.reason}`;
    throw new DomainError(503, "authority_unavailable", `An earlier NFS-e cancellation has no recorded answer and Sefin Nacional could not confirm it (${reason}); try again later`, { "retry-after": "30" });
  }
  const details = intent.details as { justification?: string; cMotivo?: string };
  const input = { justification: details.justification ?? "", reasonCode: details.cMotivo ?? "", now: new Date() };
  const sent = heldNfseCancellation(held.eventXml, held.processedAt, { requestXml: intent.requestXml, justification: input.justification, reasonCode: input.reasonCode, intentId: intent.id });
  try {
    await db.$transaction((tx) => recordNfseCancellation(tx, document, sent, input));
  } catch (error) {
    if (error instanceof IntentAlreadyResolved) return { ...base, status: "already_resolved" };
    throw error;
  }
  return { ...base, status: "recorded", protocol: sent.kind === "registered" ? sent.protocol : null };
}

async function markNotRegistered(intent: DocumentEventIntent, note: string): Promise<"not_registered" | "already_resolved"> {
  try {
    await db.$transaction((tx) => resolveEventIntent(tx, intent.id, { status: "NOT_REGISTERED", note }));
    return "not_registered";
  } catch (error) {
    if (error instanceof IntentAlreadyResolved) return "already_resolved";
    throw error;
  }
}

/** Every PENDING intent of a document, oldest first: a new attempt finishes them before deciding (its caller holds the claim). */
export async function reconcilePendingIntents(companyId: string, documentId: string): Promise<Reconciled[]> {
  // documentId names an issued document or a received NF-e (the recipient's events): ids are unique across both.
  const pending = await db.documentEventIntent.findMany({ where: { OR: [{ documentId }, { receivedDocumentId: documentId }], companyId, status: "PENDING" }, orderBy: { createdAt: "asc" } });
  const reconciled: Reconciled[] = [];
  for (const intent of pending) reconciled.push(await reconcileIntent(intent));
  return reconciled;
}

export type ReconcileRunResult = { status: Reconciled["status"] | "busy" | "unavailable" };

type RunSubject = Pick<ReconcileEventIntentData, "companyId" | "documentId" | "intentId">;

/**
 * The background run's step: takes the document's claim without waiting (a call
 * still in progress answers "busy": look again later) and reconciles the intent
 * if it is still PENDING.
 */
export function reconcileIntentInBackground(run: RunSubject): Promise<ReconcileRunResult> {
  return underDocumentClaim(run, async () => {
    const intent = await db.documentEventIntent.findFirst({ where: { id: run.intentId, companyId: run.companyId } });
    if (!intent || intent.status !== "PENDING") return { status: "already_resolved" };
    return { status: (await reconcileIntent(intent)).status };
  });
}

/**
 * A later look at an intent found NOT_REGISTERED: an authority that received the request but
 * registered it after our look (an answer slower than the timeout) would otherwise stay
 * divergent. If the event is listed now and nothing of that kind and sequence was recorded
 * since (a retry would have), the intent is reopened and recorded as above.
 */
export function confirmNotRegistered(run: RunSubject): Promise<ReconcileRunResult> {
  return underDocumentClaim(run, async () => {
    const intent = await db.documentEventIntent.findFirst({ where: { id: run.intentId, companyId: run.companyId } });
    if (!intent || intent.status !== "NOT_REGISTERED") return { status: "already_resolved" };
    if (intent.receivedDocumentId) {
      const since = await db.receivedDocumentEvent.count({ where: { receivedDocumentId: intent.receivedDocumentId, eventType: intent.eventCode, sequence: intent.sequence } });
      if (since > 0) return { status: "already_resolved" };
    } else {
      const since = await db.documentEvent.count({ where: { documentId: intent.documentId!, kind: intent.kind, sequence: intent.sequence, outcome: "AUTHORIZED" } });
      const document = await db.fiscalDocument.findFirstOrThrow({ where: { id: intent.documentId! }, select: { status: true } });
      if (since > 0 || (intent.kind === "CANCELLATION" && document.status === "CANCELLED")) return { status: "already_resolved" };
    }
    const reopened = await db.documentEventIntent.update({ where: { id: intent.id }, data: { status: "PENDING", resolvedAt: null } });
    return { status: (await reconcileIntent(reopened)).status };
  });
}

async function underDocumentClaim(run: RunSubject, fn: () => Promise<ReconcileRunResult>): Promise<ReconcileRunResult> {
  try {
    return await withAuthorityCall({ companyId: run.companyId, key: `document-events:${run.documentId}` }, fn, { maxWaitMs: 0 });
  } catch (error) {
    if (error instanceof DomainError && (error.code === "authority_call_in_progress" || error.code === "rate_limited")) return { status: "busy" };
    if (error instanceof DomainError && error.code === "authority_unavailable") return { status: "unavailable" };
    throw error;
  }
}

function parseDate(value: string): Date {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
}
