import type { DocumentType, Environment, Prisma } from "@prisma/client";
import { assertEmissionPrerequisites } from "@/lib/companies";
import { db, type DbClient } from "@/lib/db/client";
import { assertNumberNotSpent } from "@/lib/documents/spent-number";
import { DomainError, notFound, unprocessable } from "@/lib/errors";
import { backgroundDriver } from "@/lib/jobs/driver-mode";
import { sqlOn, utc, type Queryable } from "@/lib/db/sql";
import { enqueueRun, newRunId, type EnqueueRunInput } from "@/lib/jobs/enqueue-run";
import { EMIT_DOCUMENT_EVENT, EMIT_DOCUMENT_FUNCTION_ID } from "./events";
import { MAX_DUE_RUNS_BACKLOG, MAX_PENDING_EMISSIONS_PER_COMPANY } from "./limits";
import { recipientAtEmission } from "./recipient-at-emission";
import { assertSameReformPeriod } from "./reform-period-at-emission";

export type QueueEmissionInput = {
  companyId: string;
  documentId: string;
  issueDateTime?: Date | string | null;
  /**
   * Check certificate and fiscal settings now and answer 422 with their code (the emit
   * endpoint), and 422 client_changed when the client no longer has the classification
   * the taxes were resolved with. Without it (create with emit true) the draft is kept
   * and the run ends REJECTED with that code.
   */
  checkPrerequisites?: boolean;
};

const EMITTABLE = ["DRAFT", "REJECTED"] as const;

/**
 * DRAFT/REJECTED → PROCESSING and a background emission run, in one
 * transaction (the caller's when given, e.g. create with emit true). Returns
 * the run id, also stored on the document. Only the numbering series is read
 * here; the number itself is allocated by the run (once per document).
 */
export async function queueEmission(input: QueueEmissionInput, tx?: Prisma.TransactionClient): Promise<{ runId: string }> {
  if (tx) return queueIn(tx, input);
  return db.$transaction((client) => queueIn(client, input));
}

async function queueIn(client: Prisma.TransactionClient, { companyId, documentId, issueDateTime, checkPrerequisites }: QueueEmissionInput) {
  // Row lock: two emits of one document serialize here, the second sees PROCESSING.
  const locked = await client.$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM "FiscalDocument" WHERE "id" = ${documentId} AND "companyId" = ${companyId} FOR UPDATE`;
  if (locked.length === 0) throw notFound("Fiscal document");
  const document = await client.fiscalDocument.findFirstOrThrow({
    where: { id: documentId, companyId },
    select: {
      id: true, type: true, status: true, series: true, number: true, environment: true, accessKey: true, clientSnapshot: true, issueDateTime: true,
      company: { select: { nfeSeries: true, nfceSeries: true, dpsSeries: true, state: true } },
      // Only the emit endpoint compares the client with the stored snapshot.
      client: checkPrerequisites ? { where: { companyId } } : false,
    },
  });
  assertNumberNotSpent(document.status, "be emitted");
  if (!(EMITTABLE as readonly string[]).includes(document.status)) {
    throw unprocessable("invalid_status", `Only DRAFT or REJECTED documents can be emitted; this document is ${document.status}`);
  }
  assertEmittableType(document.type);
  if (checkPrerequisites) {
    await assertEmissionPrerequisites({ companyId, type: document.type }, client);
    // The run would refuse it before numbering (prepareEmission); answer that now.
    const recipient = recipientAtEmission(document, document.client ?? null);
    if (recipient.kind === "refused") throw unprocessable("client_changed", recipient.reason);
  }
  // Default now (api.md), except on re-emission of a numbered document: its access key
  // carries the AAMM of the first dhEmi, and an unchanged XML lets a resend be
  // recognised as the same NF-e (204) if an earlier send was authorized after all.
  const newIssueDateTime = issueDateTime ? new Date(issueDateTime) : document.accessKey ? null : new Date();
  if (newIssueDateTime) assertSameReformPeriod(document, newIssueDateTime, document.company.state);
  await assertCapacity(client, companyId);

  const run = emissionRun({ companyId, documentId, type: document.type, series: document.series, environment: document.environment, company: document.company });
  await client.fiscalDocument.update({
    where: { id: documentId },
    data: {
      status: "PROCESSING",
      runId: run.id,
      ...(newIssueDateTime ? { issueDateTime: newIssueDateTime } : {}),
      rejectionCode: null,
      rejectionReason: null,
      processingReason: null,
      // A new emission decides its contingency again (an offline NFC-e refused on transmission is
      // re-issued normally once the authority is back; docs/api-notes/contingency.md).
      contingencyMode: null,
      contingencySince: null,
      contingencyReason: null,
    },
  });
  // Last: with Inngest this sends the event, which must not happen before every check passed.
  await enqueueRun(run, client);
  return { runId: run.id };
}

/** Every document type is emitted (NFSE through Sefin Nacional since issue 14); kept for callers that check before queueing. */
export function assertEmittableType(type: DocumentType): void {
  void type;
}

/**
 * The emission run of a document: one at a time per company + model + series +
 * environment (the function's concurrency key), so numbers reach the authority in order.
 */
export function emissionRun(document: { companyId: string; documentId: string; type: DocumentType; series: number | null; environment: Environment; company: { nfeSeries: number; nfceSeries: number; dpsSeries?: number } }): EnqueueRunInput & { id: string } {
  // DPS numbers (NFSE) have their own counter: model 99 of NumberingSeries (lib/emission/nfse).
  const model = document.type === "NFCE" ? 65 : document.type === "NFSE" ? 99 : 55;
  const series = document.series ?? (model === 65 ? document.company.nfceSeries : model === 99 ? (document.company.dpsSeries ?? 1) : document.company.nfeSeries);
  const concurrencyKey = `${document.companyId}:${model}:${series}:${document.environment}`;
  const { companyId, documentId } = document;
  return { id: newRunId(), functionId: EMIT_DOCUMENT_FUNCTION_ID, eventName: EMIT_DOCUMENT_EVENT, data: { companyId, documentId, concurrencyKey }, concurrencyKey, companyId, documentId };
}

/** 429 when the company has too many emissions in flight, 503 when the local driver is saturated (api.md, emit). One statement. */
async function assertCapacity(client: DbClient | Queryable, companyId: string) {
  const [row] = await sqlOn<{ capacity: EmissionLoad }>(client, `SELECT ${emissionLoadSql(1)} AS "capacity"`, emissionLoadValues(companyId));
  assertEmissionLoad(row!.capacity);
}

export type EmissionLoad = { pending: number; due: number };

/**
 * SQL for the company's emission load as jsonb { pending, due }, with its parameters from $`first`
 * (see emissionLoadValues); embeddable in a caller's own statement. Local driver: its runs queued
 * or running (backoffs included), and runs overdue by a minute. With Inngest our rows only record
 * the dispatch, so the documents still PROCESSING are what is in flight.
 */
export function emissionLoadSql(first: number): string {
  const [company, fn, overdue] = [first, first + 1, first + 2].map((n) => `$${n}`);
  return backgroundDriver() === "local"
    ? `jsonb_build_object(
        'pending', (SELECT count(*) FROM "BackgroundRun" WHERE "companyId" = ${company}::text AND "functionId" = ${fn}::text AND "status" IN ('QUEUED', 'RUNNING')),
        'due', (SELECT count(*) FROM "BackgroundRun" WHERE "status" = 'QUEUED' AND "runAt" <= ${overdue}::timestamp))`
    : // (PostgreSQL needs every parameter to appear in the statement.)
      `jsonb_build_object(
        'pending', (SELECT count(*) FROM "FiscalDocument" WHERE "companyId" = ${company}::text AND "status" = 'PROCESSING' AND ${fn}::text IS NOT NULL),
        'due', (SELECT 0 WHERE ${overdue}::timestamp IS NOT NULL))`;
}

export function emissionLoadValues(companyId: string): unknown[] {
  return [companyId, EMIT_DOCUMENT_FUNCTION_ID, utc(new Date(Date.now() - 60_000))];
}

/** SQL true when `load` (SQL of a jsonb { pending, due }) is below assertEmissionLoad's limits; its parameters appended to `values`. */
export function emissionLoadBelowLimitsSql(load: string, values: unknown[]): string {
  const pending = `$${values.push(MAX_PENDING_EMISSIONS_PER_COMPANY)}::int`;
  const due = `$${values.push(MAX_DUE_RUNS_BACKLOG)}::int`;
  return `((${load}->>'pending')::int < ${pending} AND (${load}->>'due')::int < ${due})`;
}

export function assertEmissionLoad({ pending, due }: EmissionLoad): void {
  if (pending >= MAX_PENDING_EMISSIONS_PER_COMPANY) {
    throw new DomainError(429, "rate_limited", `Too many emissions in progress for this company (${pending}; limit ${MAX_PENDING_EMISSIONS_PER_COMPANY}); retry when some finish`, { "Retry-After": "10" });
  }
  if (due >= MAX_DUE_RUNS_BACKLOG) {
    throw new DomainError(503, "service_unavailable", "Background processing is saturated; try again shortly", { "Retry-After": "30" });
  }
}
