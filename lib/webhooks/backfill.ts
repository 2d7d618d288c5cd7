import type { FiscalDocument, ReceivedDocument, WebhookBackfill } from "@prisma/client";
import { paginate, type PaginationQuery } from "@/lib/contracts/pagination";
import { db, getPool } from "@/lib/db/client";
import { inSqlTransaction, sql, type Queryable } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import { notFound, unprocessable } from "@/lib/errors";
import { outcomeEventData } from "@/lib/events/record-outcome";
import { enqueueRun, newRunId } from "@/lib/jobs/enqueue-run";
import { assertWithinRateLimit } from "@/lib/rate-limit";
import { receivedDocumentEventData } from "@/lib/events/received-document-outcome";
import { BACKFILL_CALLS_PER_MINUTE, BACKFILL_MAX_DOCUMENTS } from "./config";
import { BACKFILL_WEBHOOKS_EVENT, BACKFILL_WEBHOOKS_FUNCTION_ID } from "./events";
import { outcomeEventType } from "./redispatch";
import type { BackfillInput, BackfillRunResponse } from "./schemas";
import { fanOut, insertWebhookEvent } from "./webhook-events";

// POST /v1/webhooks/backfill (api.md, Webhook endpoints): documents with an
// outcome issued between from and to, oldest first, at most 5,000 per run.
// onlyMissing (default) skips a document that already has a SUCCEEDED or
// PENDING delivery of its current state's event (one whose deliveries all
// FAILED counts as missing); received NF-e go with them by issue date, as
// received_document.created. The run walks a cursor (issue date, id) up to
// the last covered document fixed at start; each batch commits its events,
// deliveries and the cursor together.

export type BackfillActor = { kind: "apiKey"; id: string } | { kind: "user"; id: string; email: string };
type Criteria = { from: string; to: string; types: string[]; onlyMissing: boolean; environment: string | null };

const BATCH = 250;
const RECEIVED_CREATED = "received_document.created";

// A document's deliveries are reached through its events (documentId index), then each event's
// deliveries by the (eventId, endpointId) key; OFFSET 0 keeps that order. Left to the planner, with
// the statistics of a young table ("a dozen deliveries"), it walked every SUCCEEDED or PENDING
// delivery for each document: 8-10 s a batch once a backfill had written a few thousand.
// Received NF-e and NFS-e (lib/received; their documentType for the types filter) join the walk by their issue date, as received_document.created,
// when an active endpoint is subscribed to that event for them (so an installation that never asked
// for them sees the same runs as before). Their events carry no documentId (the id is a fiscal
// document's everywhere it is shown), so onlyMissing finds them by data.receivedDocumentId among
// the company's received_document.created events.
// $1 company, $2 from, $3 to, $4 types (empty = all), $5 environment (null = both), $6 onlyMissing
const MATCH = `
  FROM (
  SELECT d."issueDateTime" AS "at", d."id", 'FISCAL' AS "kind"
  FROM "FiscalDocument" d
  WHERE d."companyId" = $1 AND d."issueDateTime" >= $2::timestamp AND d."issueDateTime" <= $3::timestamp
    AND d."status" IN ('AUTHORIZED', 'REJECTED', 'CANCELLED', 'DENIED', 'CONTINGENCY')
    AND (cardinality($4::text[]) = 0 OR d."type"::text = ANY ($4::text[]))
    AND ($5::text IS NULL OR d."environment"::text = $5::text)
    AND (NOT $6::boolean OR NOT EXISTS (
      SELECT 1 FROM "WebhookEvent" e
      WHERE e."documentId" = d."id"
        AND e."type" = CASE d."status" WHEN 'AUTHORIZED' THEN 'document.authorized' WHEN 'REJECTED' THEN 'document.rejected' WHEN 'DENIED' THEN 'document.denied' WHEN 'CONTINGENCY' THEN 'document.contingency' ELSE 'document.cancelled' END
        AND EXISTS (SELECT 1 FROM "WebhookDelivery" w WHERE w."eventId" = e."id" AND w."status" IN ('SUCCEEDED', 'PENDING') OFFSET 0)))
  UNION ALL
  SELECT r."issueDate", r."id", 'RECEIVED'
  FROM "ReceivedDocument" r
  WHERE r."companyId" = $1 AND r."issueDate" >= $2::timestamp AND r."issueDate" <= $3::timestamp
    AND (cardinality($4::text[]) = 0 OR r."documentType" = ANY ($4::text[]))
    AND ($5::text IS NULL OR r."environment"::text = $5::text)
    AND EXISTS (
      SELECT 1 FROM "WebhookEndpoint" p
      WHERE p."companyId" = $1 AND p."isActive"
        AND webhook_endpoint_subscribed(p."events", p."environments", p."documentTypes", '${RECEIVED_CREATED}', r."environment", r."documentType"::"DocumentType"))
    AND (NOT $6::boolean OR NOT EXISTS (
      SELECT 1 FROM "WebhookEvent" e
      WHERE e."companyId" = $1 AND e."type" = '${RECEIVED_CREATED}'
        AND (e."payload"::jsonb #>> '{data,receivedDocumentId}') = r."id"
        AND EXISTS (SELECT 1 FROM "WebhookDelivery" w WHERE w."eventId" = e."id" AND w."status" IN ('SUCCEEDED', 'PENDING'))))
  ) m`;

function matchParams(companyId: string, c: Criteria) {
  return [companyId, iso(c.from), iso(c.to), c.types, c.environment, c.onlyMissing];
}

const iso = (value: string) => new Date(value).toISOString();
const keyOf = (row: { at: Date; id: string }) => `${row.at.toISOString()}|${row.id}`;
const splitKey = (key: string) => {
  const at = key.indexOf("|");
  return [key.slice(0, at), key.slice(at + 1)] as const;
};

export async function startWebhookBackfill(input: { companyId: string; actor: BackfillActor } & BackfillInput) {
  await assertWithinRateLimit(
    { key: `webhook-backfill:${input.companyId}`, limit: BACKFILL_CALLS_PER_MINUTE, windowSeconds: 60 },
    "Too many backfill calls for this company",
  );
  const criteria: Criteria = { from: iso(input.from), to: iso(input.to), types: input.types ?? [], onlyMissing: input.onlyMissing, environment: input.environment ?? null };
  const covered = await sql<{ at: Date; id: string }>(
    getPool(),
    `SELECT m."at", m."id" ${MATCH} ORDER BY m."at", m."id" LIMIT ${BACKFILL_MAX_DOCUMENTS + 1}`,
    matchParams(input.companyId, criteria),
  );
  const truncated = covered.length > BACKFILL_MAX_DOCUMENTS;
  const matched = Math.min(covered.length, BACKFILL_MAX_DOCUMENTS);
  if (input.dryRun) return { dryRun: true as const, matched, truncated };
  const active = await db.webhookEndpoint.count({ where: { companyId: input.companyId, isActive: true } });
  if (active === 0) throw unprocessable("no_active_webhook_endpoint", "The company has no active webhook endpoint");
  const runId = newRunId();
  const last = covered[matched - 1];
  await db.$transaction(async (tx) => {
    await tx.webhookBackfill.create({
      data: { id: runId, companyId: input.companyId, criteria, actor: input.actor, matched, truncated, lastKey: last ? keyOf(last) : null, ...(matched === 0 && { status: "SUCCEEDED", finishedAt: new Date() }) },
    });
    if (matched > 0) {
      await enqueueRun({ id: runId, functionId: BACKFILL_WEBHOOKS_FUNCTION_ID, eventName: BACKFILL_WEBHOOKS_EVENT, data: { companyId: input.companyId, backfillId: runId }, concurrencyKey: `webhook-backfill:${input.companyId}`, companyId: input.companyId }, tx);
    }
  });
  return { runId, matched, truncated };
}

/** One batch of a backfill run: events and deliveries of up to BATCH documents, with the cursor, in one transaction. */
export async function backfillNextBatch(run: { companyId: string; backfillId: string }): Promise<{ done: boolean; dispatched: number }> {
  return inSqlTransaction(async (client) => {
    const [backfill] = await sql<WebhookBackfill>(client, `SELECT * FROM "WebhookBackfill" WHERE "id" = $1 AND "companyId" = $2 FOR UPDATE`, [run.backfillId, run.companyId]);
    if (!backfill || !backfill.lastKey || backfill.status === "SUCCEEDED" || backfill.status === "FAILED") return { done: true, dispatched: 0 };
    const criteria = backfill.criteria as Criteria;
    const [afterAt, afterId] = backfill.cursor ? splitKey(backfill.cursor) : ["1970-01-01T00:00:00.000Z", ""];
    const [lastAt, lastId] = splitKey(backfill.lastKey);
    const batch = await sql<{ at: Date; id: string; kind: "FISCAL" | "RECEIVED" }>(
      client,
      `SELECT m."at", m."id", m."kind" ${MATCH} WHERE (m."at", m."id") > ($7::timestamp, $8::text) AND (m."at", m."id") <= ($9::timestamp, $10::text)
       ORDER BY m."at", m."id" LIMIT ${BATCH}`,
      [...matchParams(run.companyId, criteria), afterAt, afterId, lastAt, lastId],
    );
    const fiscal = await rowsById<FiscalDocument>(client, "FiscalDocument", batch.filter((b) => b.kind === "FISCAL").map((b) => b.id));
    const received = await rowsById<ReceivedDocument>(client, "ReceivedDocument", batch.filter((b) => b.kind === "RECEIVED").map((b) => b.id));
    let deliveries = 0;
    for (const item of batch) {
      const eventId = item.kind === "FISCAL" ? await insertDocumentEvent(client, run.companyId, fiscal.get(item.id)!) : await insertReceivedEvent(client, run.companyId, received.get(item.id)!);
      deliveries += await fanOut(client, eventId);
    }
    const lastDone = batch.at(-1);
    await sql(
      client,
      `UPDATE "WebhookBackfill" SET "status" = 'RUNNING', "startedAt" = coalesce("startedAt", now() AT TIME ZONE 'UTC'),
         "cursor" = coalesce($2, "cursor"), "dispatched" = "dispatched" + $3, "deliveries" = "deliveries" + $4 WHERE "id" = $1`,
      [run.backfillId, lastDone ? keyOf(lastDone) : null, batch.length, deliveries],
    );
    return { done: batch.length < BATCH, dispatched: batch.length };
  });
}

async function rowsById<T>(client: Queryable, model: "FiscalDocument" | "ReceivedDocument", ids: string[]): Promise<Map<string, T & { id: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<Record<string, unknown>>(client, `SELECT * FROM "${model}" WHERE "id" = ANY ($1::text[])`, [ids]);
  return new Map(rows.map((row) => [row.id as string, fromSqlRow<T & { id: string }>(model, row)]));
}

function insertDocumentEvent(client: Queryable, companyId: string, document: FiscalDocument): Promise<string> {
  const type = outcomeEventType(document.status)!;
  return insertWebhookEvent(client, {
    companyId, type, origin: "BACKFILL", data: outcomeEventData(type, document),
    documentId: document.id, environment: document.environment, documentType: document.type,
  });
}

/** received_document.created with the document as it is now (change "created"), like the outcome event of an issued one. */
function insertReceivedEvent(client: Queryable, companyId: string, document: ReceivedDocument): Promise<string> {
  return insertWebhookEvent(client, {
    companyId, type: RECEIVED_CREATED, origin: "BACKFILL", data: receivedDocumentEventData(document, "created"),
    environment: document.environment, documentType: document.documentType === "NFSE" ? "NFSE" : "NFE",
  });
}

export async function finishBackfill(run: { companyId: string; backfillId: string }, error: string | null): Promise<{ status: string }> {
  const status = error ? "FAILED" : "SUCCEEDED";
  await db.webhookBackfill.updateMany({
    where: { id: run.backfillId, companyId: run.companyId, status: { in: ["QUEUED", "RUNNING"] } },
    data: { status, error, finishedAt: new Date() },
  });
  return { status };
}

function toBackfillResponse(backfill: WebhookBackfill): BackfillRunResponse & { actor: unknown } {
  const criteria = backfill.criteria as Criteria;
  return {
    runId: backfill.id,
    status: backfill.status,
    matched: backfill.matched,
    dispatched: backfill.dispatched,
    deliveries: backfill.deliveries,
    truncated: backfill.truncated,
    criteria: { ...criteria, types: criteria.types as BackfillRunResponse["criteria"]["types"], environment: criteria.environment as BackfillRunResponse["criteria"]["environment"] },
    error: backfill.error,
    actor: backfill.actor,
    createdAt: backfill.createdAt.toISOString(),
    startedAt: backfill.startedAt?.toISOString() ?? null,
    finishedAt: backfill.finishedAt?.toISOString() ?? null,
  };
}

/** GET /v1/webhooks/backfill/{runId}: progress of one run (another company's is 404). */
export async function getWebhookBackfill(input: { companyId: string; runId: string }) {
  const backfill = await db.webhookBackfill.findFirst({ where: { id: input.runId, companyId: input.companyId } });
  if (!backfill) throw notFound("Backfill run");
  return toBackfillResponse(backfill);
}

/** The company's backfills, newest first, with who started each. */
export async function listWebhookBackfills(input: { companyId: string } & PaginationQuery) {
  const where = { companyId: input.companyId };
  return paginate(
    input,
    () => db.webhookBackfill.count({ where }),
    async (window) => (await db.webhookBackfill.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window })).map(toBackfillResponse),
  );
}
