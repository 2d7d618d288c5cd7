import { randomUUID } from "node:crypto";
import type { ContingencyMode } from "@prisma/client";
import { transmissionDeadlineAt } from "@/lib/contingency/state-contingency-table";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import { contingencyEventData, type DocumentEventSource } from "@/lib/events/record-outcome";

// The transmission deadline of documents issued in contingency, watched (issue 50
// item 5): an offline NFC-e must reach its authorizer within the state's deadline
// (state-contingency-table.ts: 24 h from dhEmi; 704 after it). At 75 % of it a
// webhook document.contingency_deadline warns, once per document, with the
// deadline, so the integrator (and the dashboard's banner) can act before SEFAZ
// refuses it. Checked by every round of the transmission run, which runs while
// any such document is pending.

/** The share of the deadline after which the warning goes out. */
export const DEADLINE_WARNING_SHARE = 0.75;

export type ContingencyDeadline = { deadlineAt: Date; warnAt: Date };

/** When a document issued in contingency must be transmitted by, and when to warn; null when nothing is transmitted later (an SVC). */
export function contingencyDeadlineOf(document: { issueDateTime: Date; contingencyMode: ContingencyMode | null; contingencySince: Date | null; type: string }, state: string): ContingencyDeadline | null {
  if (!document.contingencyMode || (document.type !== "NFCE" && document.type !== "NFE")) return null;
  const deadlineAt = transmissionDeadlineAt(state, document.type === "NFCE" ? 65 : 55, document.contingencyMode, document.contingencySince ?? document.issueDateTime, document.issueDateTime);
  if (deadlineAt === null) return null;
  // 75 % of the time from dhEmi to the deadline, whether the state counts hours or business days.
  const issued = document.issueDateTime.getTime();
  return { deadlineAt, warnAt: new Date(issued + (deadlineAt.getTime() - issued) * DEADLINE_WARNING_SHARE) };
}

const PENDING = `
  SELECT d."id", d."companyId", d."externalId", d."type", d."series", d."number", d."accessKey", d."authorizationDate", d."protocolNumber",
    d."rejectionReason", d."cancellationReason", d."totalValue", d."environment", d."issueDateTime", d."contingencyMode", d."contingencySince", d."contingencyReason", c."state"
  FROM "FiscalDocument" d JOIN "Company" c ON c."id" = d."companyId"
  WHERE d."companyId" = $1 AND d."environment" = $2::"Environment" AND d."type" = $3::"DocumentType" AND d."status" = 'CONTINGENCY'
    AND d."contingencyDeadlineWarnedAt" IS NULL
  ORDER BY d."issueDateTime" LIMIT 500`;

// The mark and its webhook in one statement; a document already warned (a replay) is skipped.
const WARN = `
  WITH warned AS (
    UPDATE "FiscalDocument" SET "contingencyDeadlineWarnedAt" = $3::timestamp
    WHERE "id" = $1 AND "companyId" = $2 AND "status" = 'CONTINGENCY' AND "contingencyDeadlineWarnedAt" IS NULL
    RETURNING "id", "companyId", "environment", "type"
  )
  INSERT INTO "DomainEvent" ("id", "companyId", "type", "documentId", "environment", "documentType", "data", "createdAt")
  SELECT $4, w."companyId", 'document.contingency_deadline', w."id", w."environment", w."type", $5::jsonb, $3::timestamp FROM warned w
  RETURNING "id"`;

type PendingRow = DocumentEventSource & { issueDateTime: Date; contingencyMode: ContingencyMode | null; contingencySince: Date | null; contingencyReason: string | null; state: string };

/** Warns (document.contingency_deadline) for each pending contingency document of the company past 75 % of its deadline; the number warned now. */
export async function warnContingencyDeadlines(input: { companyId: string; model: 55 | 65; environment: "PRODUCTION" | "HOMOLOGATION" }, now = new Date()): Promise<number> {
  const pool = getPool();
  const rows = await sql<Record<string, unknown>>(pool, PENDING, [input.companyId, input.environment, input.model === 65 ? "NFCE" : "NFE"]);
  let warned = 0;
  for (const row of rows) {
    const document = fromSqlRow<PendingRow>("FiscalDocument", row);
    const deadline = contingencyDeadlineOf(document, document.state);
    if (!deadline || deadline.warnAt > now) continue;
    const data = { ...contingencyEventData(document), deadlineAt: deadline.deadlineAt.toISOString(), overdue: deadline.deadlineAt <= now };
    const inserted = await sql(pool, WARN, [document.id, input.companyId, utc(now), randomUUID(), JSON.stringify(data)]);
    warned += inserted.length;
  }
  return warned;
}

export type DeadlineAtRisk = { id: string; type: string; series: number | null; number: number; deadlineAt: Date };

/**
 * The company's documents issued in contingency, still not transmitted, already warned about
 * (past 75 % of their deadline): the dashboard's banner names them, as the ones SEFAZ will refuse
 * (704) if nothing changes. Soonest deadline first; `total` counts them all.
 */
export async function contingencyDeadlinesAtRisk(companyId: string, limit = 5): Promise<{ total: number; documents: DeadlineAtRisk[] }> {
  const rows = await sql<Record<string, unknown> & { total: number }>(
    getPool(),
    `SELECT d."id", d."type", d."series", d."number", d."issueDateTime", d."contingencyMode", d."contingencySince", c."state", count(*) OVER ()::int AS "total"
     FROM "FiscalDocument" d JOIN "Company" c ON c."id" = d."companyId"
     WHERE d."companyId" = $1 AND d."status" = 'CONTINGENCY' AND d."contingencyDeadlineWarnedAt" IS NOT NULL
     ORDER BY d."issueDateTime" LIMIT $2`,
    [companyId, limit],
  );
  const documents: DeadlineAtRisk[] = [];
  for (const row of rows) {
    const document = fromSqlRow<{ id: string; type: string; series: number | null; number: number; issueDateTime: Date; contingencyMode: ContingencyMode | null; contingencySince: Date | null; state: string }>("FiscalDocument", row);
    const deadline = contingencyDeadlineOf(document, document.state);
    if (deadline) documents.push({ id: document.id, type: document.type, series: document.series, number: document.number, deadlineAt: deadline.deadlineAt });
  }
  return { total: rows[0]?.total ?? 0, documents };
}
