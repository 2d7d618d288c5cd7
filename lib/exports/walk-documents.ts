import type { DocumentType, Environment } from "@prisma/client";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { EXPORT_PAGE_SIZE, EXPORT_XML_BATCH_BYTES } from "./config";
import { periodBounds } from "./period";

// The documents of an export, a page at a time in (issueDateTime, id) order over the index
// FiscalDocument_companyId_issueDateTime_id_idx: each page is an index range scan that starts
// after the previous page's last row, so time per page stays flat. A page carries no XML, only
// each XML's size; the XMLs are then read in batches of at most EXPORT_XML_BATCH_BYTES, so a
// month of large NF-e (up to a few MB each) holds no more XML in memory than one of small ones.
// Plain SQL (lib/db/sql.ts): tens of thousands of rows through Prisma's per-query compilation
// cost more CPU than the compression.

/** The statuses whose XML is a legal record: authorized (nfeProc), cancelled (still its nfeProc), denied. */
export const EXPORTED_STATUSES = ["AUTHORIZED", "CANCELLED", "DENIED"] as const;

export type ExportCriteria = { companyId: string; environment: Environment; types: DocumentType[]; from: string; to: string };

export type ExportedDocument = {
  id: string;
  type: DocumentType;
  status: string;
  series: number | null;
  number: number;
  nfseNumber: string | null;
  accessKey: string | null;
  issueDateTime: Date;
  totalValue: string;
  clientSnapshot: unknown;
  xmlBytes: number;
};

/** The documents an export covers (its period, environment, types and legal-record statuses). */
export const MATCH = `
  FROM "FiscalDocument" d
  WHERE d."companyId" = $1 AND d."environment"::text = $2 AND d."type"::text = ANY ($3::text[])
    AND d."status" IN ('AUTHORIZED', 'CANCELLED', 'DENIED') AND d."authorizedXml" IS NOT NULL
    AND d."issueDateTime" >= $4::timestamp AND d."issueDateTime" < $5::timestamp`;

export function matchParams(c: ExportCriteria) {
  const { gte, lt } = periodBounds(c.from, c.to);
  return [c.companyId, c.environment, c.types, gte.toISOString(), lt.toISOString()];
}

export async function countDocuments(c: ExportCriteria): Promise<number> {
  const [row] = await sql<{ count: number }>(getPool(), `SELECT count(*)::int AS "count" ${MATCH}`, matchParams(c));
  return row?.count ?? 0;
}

const PAGE = `
  SELECT d."id", d."type", d."status", d."series", d."number", d."nfseNumber", d."accessKey", d."issueDateTime",
         d."totalValue"::text AS "totalValue", d."clientSnapshot", octet_length(d."authorizedXml")::int AS "xmlBytes"
  ${MATCH}
    AND ($6::timestamp IS NULL OR (d."issueDateTime", d."id") > ($6::timestamp, $7::text))
  ORDER BY d."issueDateTime", d."id"
  LIMIT $8`;

export async function* documentPages(c: ExportCriteria, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportedDocument[]> {
  let after: ExportedDocument | null = null;
  for (;;) {
    const page: ExportedDocument[] = await sql<ExportedDocument>(getPool(), PAGE, [...matchParams(c), after?.issueDateTime.toISOString() ?? null, after?.id ?? null, pageSize]);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!;
  }
}

/** A page split into runs whose XMLs together stay within `budget` bytes (a larger XML goes alone). */
export function xmlBatches(page: ExportedDocument[], budget = EXPORT_XML_BATCH_BYTES): ExportedDocument[][] {
  const batches: ExportedDocument[][] = [];
  let current: ExportedDocument[] = [];
  let bytes = 0;
  for (const document of page) {
    if (current.length > 0 && bytes + document.xmlBytes > budget) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(document);
    bytes += document.xmlBytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The authorized XML (nfeProc, or the NFS-e) of a batch's documents, by id. */
export async function xmlsOf(companyId: string, documentIds: string[]): Promise<Map<string, string>> {
  const rows = await sql<{ id: string; authorizedXml: string }>(getPool(), `SELECT "id", "authorizedXml" FROM "FiscalDocument" WHERE "companyId" = $1 AND "id" = ANY ($2::text[])`, [companyId, documentIds]);
  return new Map(rows.map((row) => [row.id, row.authorizedXml]));
}

/** The events with an XML of their own (lib/downloads/get-event-xml.ts). */
const EVENT_KINDS = `('CANCELLATION', 'CORRECTION_LETTER', 'DELIVERY_RECEIPT', 'DELIVERY_RECEIPT_CANCELLATION')`;

export type ExportedEvent = { id: string; documentId: string; kind: "CANCELLATION" | "CORRECTION_LETTER" | "DELIVERY_RECEIPT" | "DELIVERY_RECEIPT_CANCELLATION"; outcome: string; sequence: number; responseXml: string | null };

/** The registered events (cancellation, CC-e, delivery receipt and its cancellation) of a batch's documents. */
export function eventsOf(companyId: string, documentIds: string[]): Promise<ExportedEvent[]> {
  return sql<ExportedEvent>(
    getPool(),
    `SELECT "id", "documentId", "kind", "outcome", "sequence", "responseXml" FROM "DocumentEvent"
     WHERE "companyId" = $1 AND "documentId" = ANY ($2::text[]) AND "outcome" = 'AUTHORIZED' AND "responseXml" IS NOT NULL
       AND "kind" IN ${EVENT_KINDS}
     ORDER BY "occurredAt", "id"`,
    [companyId, documentIds],
  );
}

/** A registered event whose document was issued before the period, with what its file name, folder and resumo.csv line need of the document. */
export type EarlierDocumentEvent = ExportedEvent & {
  occurredAt: Date;
  document: { id: string; type: DocumentType; series: number | null; number: number; nfseNumber: string | null; accessKey: string | null; issueDateTime: Date };
};

// Events registered in the period (occurredAt, the authority's registration time) of exported
// documents issued before it: a cancellation or CC-e of October registered in November is in
// November's export, since October's went to the accountant already. Over the index
// DocumentEvent_companyId_occurredAt_idx.
const EARLIER_DOCUMENT_EVENTS = `
  FROM "DocumentEvent" e JOIN "FiscalDocument" d ON d."id" = e."documentId"
  WHERE e."companyId" = $1 AND e."occurredAt" >= $4::timestamp AND e."occurredAt" < $5::timestamp
    AND e."outcome" = 'AUTHORIZED' AND e."responseXml" IS NOT NULL AND e."kind" IN ${EVENT_KINDS}
    AND d."companyId" = $1 AND d."environment"::text = $2 AND d."type"::text = ANY ($3::text[])
    AND d."status" IN ('AUTHORIZED', 'CANCELLED', 'DENIED') AND d."authorizedXml" IS NOT NULL AND d."issueDateTime" < $4::timestamp`;

export async function countEarlierDocumentEvents(c: ExportCriteria): Promise<number> {
  const [row] = await sql<{ count: number }>(getPool(), `SELECT count(*)::int AS "count" ${EARLIER_DOCUMENT_EVENTS}`, matchParams(c));
  return row?.count ?? 0;
}

type EarlierDocumentEventRow = ExportedEvent & { occurredAt: Date; type: DocumentType; series: number | null; number: number; nfseNumber: string | null; accessKey: string | null; issueDateTime: Date };

export async function* earlierDocumentEventPages(c: ExportCriteria, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<EarlierDocumentEvent[]> {
  let after: EarlierDocumentEventRow | null = null;
  for (;;) {
    const rows: EarlierDocumentEventRow[] = await sql<EarlierDocumentEventRow>(
      getPool(),
      `SELECT e."id", e."documentId", e."kind", e."outcome", e."sequence", e."responseXml", e."occurredAt",
              d."type", d."series", d."number", d."nfseNumber", d."accessKey", d."issueDateTime"
       ${EARLIER_DOCUMENT_EVENTS}
         AND ($6::timestamp IS NULL OR (e."occurredAt", e."id") > ($6::timestamp, $7::text))
       ORDER BY e."occurredAt", e."id" LIMIT $8`,
      [...matchParams(c), after?.occurredAt.toISOString() ?? null, after?.id ?? null, pageSize],
    );
    if (rows.length === 0) return;
    yield rows.map(({ type, series, number, nfseNumber, accessKey, issueDateTime, ...event }) => ({
      ...event,
      document: { id: event.documentId, type, series, number, nfseNumber, accessKey, issueDateTime },
    }));
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}

export type ExportedInutilization = { id: string; model: string; series: number; startNumber: number; endNumber: number; inutilizationDate: Date | null; responseXml: string };

export const INUTILIZATIONS = `
  FROM "Inutilization" i
  WHERE i."companyId" = $1 AND i."environment"::text = $2 AND i."status" = 'AUTHORIZED' AND i."model" = ANY ($3::text[])
    AND i."responseXml" IS NOT NULL AND i."inutilizationDate" >= $4::timestamp AND i."inutilizationDate" < $5::timestamp`;

/** Authorized inutilizations of NF-e/NFC-e whose authority date falls in the period. */
export function inutilizationParams(c: ExportCriteria) {
  const models = [...(c.types.includes("NFE") ? ["55"] : []), ...(c.types.includes("NFCE") ? ["65"] : [])];
  const { gte, lt } = periodBounds(c.from, c.to);
  return [c.companyId, c.environment, models, gte.toISOString(), lt.toISOString()];
}

export async function countInutilizations(c: ExportCriteria): Promise<number> {
  const [row] = await sql<{ count: number }>(getPool(), `SELECT count(*)::int AS "count" ${INUTILIZATIONS}`, inutilizationParams(c));
  return row?.count ?? 0;
}

export async function* inutilizationPages(c: ExportCriteria, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportedInutilization[]> {
  let afterId: string | null = null;
  for (;;) {
    const page: ExportedInutilization[] = await sql<ExportedInutilization>(
      getPool(),
      `SELECT i."id", i."model", i."series", i."startNumber", i."endNumber", i."inutilizationDate", i."responseXml" ${INUTILIZATIONS}
         AND ($6::text IS NULL OR i."id" > $6) ORDER BY i."id" LIMIT $7`,
      [...inutilizationParams(c), afterId, pageSize],
    );
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}
