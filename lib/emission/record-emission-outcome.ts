import type { FiscalDocument, Prisma } from "@prisma/client";
import { db } from "@/lib/db/client";
import { recordDocumentOutcome } from "@/lib/events/record-outcome";
import { buildNfeProc } from "./build-nfe-proc";
import { lockRunDocument } from "./load-run-document";
import type { AuthorizationGranted, CommunicationFailed, EmissionRefusal, EmissionRun, Superseded } from "./outcomes";

// The transitions at the end of a send (api.md, States and transitions). Each
// runs in one transaction with its DocumentEvent and DomainEvent, and is a
// no-op when the document is no longer this run's (so a replayed step after a
// crash changes nothing twice).

type Settled = { kind: "settled"; status: FiscalDocument["status"] } | Superseded;

export async function recordAuthorization(run: EmissionRun, granted: AuthorizationGranted): Promise<Settled> {
  return db.$transaction(async (tx) => {
    const document = await lockRunDocument(tx, run);
    if (!document) return superseded();
    if (!document.signedXml) throw new Error(`Document ${document.id} was authorized without a stored signed XML`);
    const updated = await tx.fiscalDocument.update({
      where: { id: document.id },
      data: {
        status: "AUTHORIZED",
        protocolNumber: granted.protocol,
        authorizationDate: new Date(granted.authorizedAt),
        authorizedXml: buildNfeProc(document.signedXml, granted.protNFeXml),
        rejectionCode: null,
        rejectionReason: null,
      },
    });
    await tx.documentEvent.create({
      data: {
        documentId: document.id,
        companyId: document.companyId,
        kind: "AUTHORIZATION",
        outcome: "AUTHORIZED",
        cStat: granted.cStat,
        reason: granted.reason,
        protocol: granted.protocol,
        requestXml: document.signedXml,
        responseXml: granted.protNFeXml,
        details: { via: granted.via, attempts: document.emissionAttempts },
        runId: run.runId,
        occurredAt: new Date(granted.authorizedAt),
      },
    });
    await recordDocumentOutcome(tx, "document.authorized", updated);
    return { kind: "settled", status: updated.status };
  });
}

/** REJECTED with "cStat - xMotivo" (or our code and message for checks before sending). */
export async function recordRejection(run: EmissionRun, refusal: EmissionRefusal): Promise<Settled> {
  return db.$transaction(async (tx) => {
    const document = await lockRunDocument(tx, run);
    if (!document) return superseded();
    return reject(tx, document, run, refusal);
  });
}

/** Communication failure with attempts left: back to DRAFT, no event (api.md); the run re-emits after its backoff. */
export async function returnToDraft(run: EmissionRun, failure: CommunicationFailed): Promise<Settled> {
  return db.$transaction(async (tx) => {
    const document = await lockRunDocument(tx, run);
    if (!document) return superseded();
    await tx.fiscalDocument.update({ where: { id: document.id }, data: { status: "DRAFT", rejectionCode: failure.cStat ?? null, rejectionReason: null } });
    return { kind: "settled", status: "DRAFT" };
  });
}

/** After the backoff: DRAFT → PROCESSING again, unless someone emitted it again meanwhile (another run). */
export async function resumeEmission(run: EmissionRun): Promise<Settled> {
  return db.$transaction(async (tx) => {
    const document = await lockRunDocument(tx, run, "DRAFT");
    if (!document) return superseded();
    await tx.fiscalDocument.update({ where: { id: document.id }, data: { status: "PROCESSING" } });
    return { kind: "settled", status: "PROCESSING" };
  });
}

/**
 * The run failed for good (a bug or a persistent error, after the driver's
 * retries): the document must not stay PROCESSING forever, so it is REJECTED
 * with the reason and document.rejected, and can be emitted again.
 */
export async function failEmission(run: EmissionRun, reason: string): Promise<Settled> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT "id" FROM "FiscalDocument" WHERE "id" = ${run.documentId} AND "companyId" = ${run.companyId} FOR UPDATE`;
    if (rows.length === 0) return superseded();
    const document = await tx.fiscalDocument.findUniqueOrThrow({ where: { id: run.documentId } });
    if (document.runId !== run.runId || (document.status !== "PROCESSING" && document.status !== "DRAFT")) return superseded();
    return reject(tx, document, run, { kind: "refused", code: "internal_error", reason: `Emission failed: ${reason}` });
  });
}

async function reject(tx: Prisma.TransactionClient, document: FiscalDocument, run: EmissionRun, refusal: EmissionRefusal): Promise<Settled> {
  const updated = await tx.fiscalDocument.update({
    where: { id: document.id },
    data: { status: "REJECTED", rejectionCode: refusal.code, rejectionReason: `${refusal.code} - ${refusal.reason}` },
  });
  await tx.documentEvent.create({
    data: {
      documentId: document.id,
      companyId: document.companyId,
      kind: "REJECTION",
      outcome: "REJECTED",
      cStat: refusal.code,
      reason: refusal.reason,
      requestXml: document.signedXml,
      responseXml: refusal.responseXml ?? null,
      details: { attempts: document.emissionAttempts },
      runId: run.runId,
    },
  });
  await recordDocumentOutcome(tx, "document.rejected", updated);
  return { kind: "settled", status: "REJECTED" };
}

function superseded(): Superseded {
  return { kind: "superseded", status: "not this run's" };
}
