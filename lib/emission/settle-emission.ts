import { randomUUID } from "node:crypto";
import type { ContingencyMode, DocumentStatus } from "@prisma/client";
import { endFailureStreakSql } from "@/lib/contingency/communication-failures";
import { sql, utc, type Queryable } from "@/lib/db/sql";
import type { DeferStepWrite } from "@/lib/jobs/step-write";
import { contingencyEventData, documentEventData, type DocumentEventSource } from "@/lib/events/record-outcome";
import { buildNfeProc } from "./build-nfe-proc";
import type { AuthorizationDenied, AuthorizationGranted, EmissionRefusal, EmissionRun, Superseded } from "./outcomes";
import { withoutForeignKeys } from "./redact-foreign-keys";

export type Settled = { kind: "settled"; status: DocumentStatus } | Superseded;

/** What settling needs of the document, read by the step beforehand (its own guarded statement). */
export type SettlementSource = DocumentEventSource & { signedXml: string | null; emissionAttempts: number };

// The end of an emission (api.md, States and transitions) as ONE statement:
// the guarded status change, its DocumentEvent and the DomainEvent that
// webhooks will deliver. A single statement is atomic without BEGIN/COMMIT,
// and the guard (this run, an expected status) makes a replay after a crash a
// no-op: 0 rows settled means another run owns the document now. Written as
// CTEs ("settled" says it applied) so that the local driver can make it in the
// statement that records the step's result (lib/jobs/step-write.ts).
const SETTLE_CTES = `
  settled AS (
    UPDATE "FiscalDocument"
    SET "status" = $4::"DocumentStatus", "protocolNumber" = coalesce($5, "protocolNumber"), "authorizationDate" = coalesce($6::timestamp, "authorizationDate"),
        "authorizedXml" = coalesce($7, "authorizedXml"), "rejectionCode" = $8, "rejectionReason" = $9, "processingReason" = NULL, "nextAttemptAt" = NULL, "updatedAt" = $10::timestamp
    WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status"::text = ANY($11::text[])
    RETURNING "id", "companyId", "environment", "type", "signedXml"
  ), event AS (
    INSERT INTO "DocumentEvent" ("id", "documentId", "companyId", "kind", "sequence", "outcome", "cStat", "reason", "protocol", "requestXml", "responseXml", "details", "runId", "occurredAt", "createdAt")
    SELECT $12, s."id", s."companyId", $13::"DocumentEventKind", 1, $14::"AuthorityOutcome", $15, $16, $5, s."signedXml", $17, $18::jsonb, $3, $19::timestamp, $10::timestamp
    FROM settled s
  ), outcome AS (
    INSERT INTO "DomainEvent" ("id", "companyId", "type", "documentId", "environment", "documentType", "data", "createdAt")
    SELECT $20, s."companyId", $21, s."id", s."environment", s."type", $22::jsonb, $10::timestamp
    FROM settled s
  ), answered AS (${endFailureStreakSql("$2", "$23")}
  )`;
const SETTLE = `WITH ${SETTLE_CTES} SELECT count(*)::int AS "settled" FROM settled`;

/**
 * The model whose own authorizer gave the answer being settled (55 or 65; null when the
 * answer came from elsewhere: an SVC, a consultation, our own refusal). Any failure streak
 * of that authorizer ends in the settling statement (lib/contingency, automatic contingency),
 * even when the settlement itself finds the document taken by another run.
 */
export type AnsweredBy = 55 | 65 | null;

/**
 * from: the statuses the document may be settled from (PROCESSING by default).
 * answeredBy: see AnsweredBy.
 * deferWrite: the step's (the local driver's) when the step checked under the same guard (this
 * run's, in `from`) that the document is the run's and writes nothing after: the settlement is then
 * made by the statement that records the step's result (lib/jobs/step-write.ts).
 */
export type SettleOptions = { from?: DocumentStatus[]; answeredBy?: AnsweredBy; deferWrite?: DeferStepWrite };

/** PROCESSING → AUTHORIZED with the protocol and the nfeProc, event AUTHORIZATION and document.authorized. */
export function settleAuthorized(client: Queryable, run: EmissionRun, source: SettlementSource, granted: AuthorizationGranted, options: SettleOptions = {}): Promise<Settled> {
  if (!source.signedXml) throw new Error(`Document ${source.id} was authorized without a stored signed XML`);
  const authorizationDate = new Date(granted.authorizedAt);
  const after = { ...source, authorizationDate, protocolNumber: granted.protocol, rejectionReason: null };
  return settle(client, run, "AUTHORIZED", options, {
    protocol: granted.protocol,
    authorizationDate,
    authorizedXml: buildNfeProc(source.signedXml, granted.protNFeXml),
    rejectionCode: null,
    rejectionReason: null,
    event: { kind: "AUTHORIZATION", outcome: "AUTHORIZED", cStat: granted.cStat, reason: granted.reason, responseXml: granted.protNFeXml, details: { via: granted.via, attempts: source.emissionAttempts }, occurredAt: authorizationDate },
    outcome: { type: "document.authorized", data: documentEventData(after) },
  });
}

/**
 * PROCESSING → DENIED (uso denegado): the protocol (when the answer had one), cStat and "cStat - xMotivo"
 * stored, the denied nfeProc kept (it must be stored like an authorized one),
 * event DENIAL and document.denied. The number is spent: no further emission.
 */
export function settleDenied(client: Queryable, run: EmissionRun, source: SettlementSource, denied: AuthorizationDenied, options: SettleOptions = {}): Promise<Settled> {
  if (!source.signedXml) throw new Error(`Document ${source.id} was denied without a stored signed XML`);
  const rejectionReason = `${denied.cStat} - ${denied.reason}`;
  const deniedAt = new Date(denied.deniedAt);
  return settle(client, run, "DENIED", options, {
    protocol: denied.protocol,
    authorizationDate: null,
    // Without protNFe (a consultation answered 110/301/302/303 at its top, as SEFAZ-PR does) there is no nfeProc to keep.
    authorizedXml: denied.protNFeXml ? buildNfeProc(source.signedXml, denied.protNFeXml) : null,
    rejectionCode: denied.cStat,
    rejectionReason,
    event: { kind: "DENIAL", outcome: "DENIED", cStat: denied.cStat, reason: denied.reason, responseXml: denied.protNFeXml, details: { via: denied.via, attempts: source.emissionAttempts, ...(denied.protocol ? {} : { withoutProtocol: true }) }, occurredAt: Number.isNaN(deniedAt.getTime()) ? new Date() : deniedAt },
    outcome: { type: "document.denied", data: documentEventData({ ...source, authorizationDate: null, protocolNumber: denied.protocol, rejectionReason }) },
  });
}

/** → REJECTED with "cStat - xMotivo" (or our code and message), event REJECTION and document.rejected. */
export async function settleRejected(client: Queryable, run: EmissionRun, source: SettlementSource, answered: EmissionRefusal, options: SettleOptions = {}): Promise<Settled> {
  const refusal = await withoutForeignKeys(client, run.companyId, answered);
  const rejectionReason = `${refusal.code} - ${refusal.reason}`;
  return settle(client, run, "REJECTED", options, {
    protocol: null,
    authorizationDate: null,
    authorizedXml: null,
    rejectionCode: refusal.code,
    rejectionReason,
    event: { kind: "REJECTION", outcome: "REJECTED", cStat: refusal.code, reason: refusal.reason, responseXml: refusal.responseXml ?? null, details: { attempts: source.emissionAttempts, ...(refusal.absentAtAuthority ? { absentAtAuthority: true } : {}) }, occurredAt: new Date() },
    outcome: { type: "document.rejected", data: documentEventData({ ...source, authorizationDate: null, protocolNumber: null, rejectionReason }) },
  });
}

type Transition = {
  protocol: string | null;
  authorizationDate: Date | null;
  authorizedXml: string | null;
  rejectionCode: string | null;
  rejectionReason: string | null;
  event: { kind: "AUTHORIZATION" | "REJECTION" | "DENIAL"; outcome: "AUTHORIZED" | "REJECTED" | "DENIED"; cStat: string; reason: string; responseXml: string | null; details: object; occurredAt: Date };
  outcome: { type: "document.authorized" | "document.rejected" | "document.denied"; data: object };
};

async function settle(client: Queryable, run: EmissionRun, status: DocumentStatus, options: SettleOptions, t: Transition): Promise<Settled> {
  const now = utc(new Date());
  const values = [
    run.documentId, run.companyId, run.runId, status, t.protocol, t.authorizationDate && utc(t.authorizationDate), t.authorizedXml, t.rejectionCode, t.rejectionReason, now, options.from ?? ["PROCESSING"],
    randomUUID(), t.event.kind, t.event.outcome, t.event.cStat, t.event.reason, t.event.responseXml, JSON.stringify(t.event.details), utc(t.event.occurredAt),
    randomUUID(), t.outcome.type, JSON.stringify(t.outcome.data), options.answeredBy ?? null,
  ];
  if (options.deferWrite?.({ ctes: SETTLE_CTES, values, applied: "settled" })) return { kind: "settled", status };
  const [row] = await sql<{ settled: number }>(client, SETTLE, values);
  return row?.settled === 1 ? { kind: "settled", status } : { kind: "superseded", status: "not this run's" };
}

/**
 * Communication failure with attempts left: the document stays PROCESSING (issue 50 item 4: a
 * document the integrator asked us to emit never reads DRAFT while we own it), no event, the
 * failure as processingReason and the re-send's time as nextAttemptAt; the run re-sends then.
 * Deviation from api.md's transition table (PROCESSING → DRAFT), recorded in api-notes/emission.md.
 */
export async function holdForRetry(client: Queryable, run: EmissionRun, cStat: string | null, reason: string | null, nextAttemptAt: Date): Promise<Settled> {
  const rows = await sql(
    client,
    `UPDATE "FiscalDocument" SET "rejectionCode" = $4, "rejectionReason" = NULL, "processingReason" = $6, "nextAttemptAt" = $7::timestamp, "updatedAt" = $5::timestamp
     WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING' RETURNING "id"`,
    [run.documentId, run.companyId, run.runId, cStat, utc(new Date()), reason, utc(nextAttemptAt)],
  );
  return rows.length === 1 ? { kind: "settled", status: "PROCESSING" } : { kind: "superseded", status: "not this run's" };
}

/** Still PROCESSING, with why it waits (a 656 pause, an outcome being reconciled) shown as processingReason, and when the run looks again (nextAttemptAt). */
export async function holdProcessing(client: Queryable, run: EmissionRun, reason: string, nextAttemptAt: Date | null = null): Promise<Settled> {
  const rows = await sql(
    client,
    `UPDATE "FiscalDocument" SET "processingReason" = $4, "nextAttemptAt" = $6::timestamp, "updatedAt" = $5::timestamp
     WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING' RETURNING "id"`,
    [run.documentId, run.companyId, run.runId, reason, utc(new Date()), nextAttemptAt && utc(nextAttemptAt)],
  );
  return rows.length === 1 ? { kind: "settled", status: "PROCESSING" } : { kind: "superseded", status: "not this run's" };
}

// PROCESSING → CONTINGENCY (an NFC-e issued offline, tpEmis 9) with document.contingency, one statement.
const SETTLE_CONTINGENCY = `
  WITH settled AS (
    UPDATE "FiscalDocument"
    SET "status" = 'CONTINGENCY', "rejectionCode" = NULL, "rejectionReason" = NULL, "processingReason" = NULL, "nextAttemptAt" = NULL, "updatedAt" = $4::timestamp
    WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING'
    RETURNING "id", "companyId", "environment", "type"
  ), outcome AS (
    INSERT INTO "DomainEvent" ("id", "companyId", "type", "documentId", "environment", "documentType", "data", "createdAt")
    SELECT $5, s."companyId", 'document.contingency', s."id", s."environment", s."type", $6::jsonb, $4::timestamp
    FROM settled s
  )
  SELECT count(*)::int AS "settled" FROM settled`;

/**
 * PROCESSING → CONTINGENCY: the NFC-e was issued offline (signed, with its
 * offline QR-Code) and is valid for the sale; it is transmitted once the
 * authorizer answers (lib/emission/contingency/transmit-contingency.ts). document.contingency
 * carries the document event data and { mode, since, reason }.
 */
export async function settleContingency(
  client: Queryable,
  run: EmissionRun,
  source: SettlementSource & { contingencyMode: ContingencyMode | null; contingencySince: Date | null; contingencyReason: string | null },
): Promise<Settled> {
  const now = utc(new Date());
  const data = contingencyEventData(source);
  const [row] = await sql<{ settled: number }>(client, SETTLE_CONTINGENCY, [run.documentId, run.companyId, run.runId, now, randomUUID(), JSON.stringify(data)]);
  return row?.settled === 1 ? { kind: "settled", status: "CONTINGENCY" } : { kind: "superseded", status: "not this run's" };
}
