import type { Client, Company, DocumentDuplicate, DocumentPayment, DocumentTransport, FiscalDocument, FiscalDocumentItem } from "@prisma/client";
import { randomUUID } from "node:crypto";
import { sql, utc, type Queryable } from "@/lib/db/sql";
import { fromSqlRow, jsonRow } from "@/lib/db/sql-models";
import { blockingChecksPassSql, CNPJ_HELD_ELSEWHERE_SQL, type CertificateState } from "@/lib/companies";
import { numberDocumentCtes } from "./number-document-sql";
import { validatedNbsCodeOf } from "./validated-nbs-codes";
import type { StoredDocument } from "./to-nfe-input";

export type EmissionDocument = {
  document: StoredDocument;
  certificate: (NonNullable<CertificateState> & { id: string }) | null;
  /** The document's client record as it is now, read only while the document has no number (the snapshot is re-taken at emission). */
  client: Client | null;
  /** The company's contingency for the document's model in force when the document was read (null: it emits normally). */
  activeContingency: { since: Date; reason: string; svcUnavailableAt?: Date | null } | null;
  /** The number and series this statement gave the document (loadAndNumberEmissionDocument); `document` has them already. */
  numbered?: { number: number; series: number } | null;
};

type Row = FiscalDocument & { assignedNumber?: number | null; assignedSeries?: number | null; company: Company; items: FiscalDocumentItem[]; payments: DocumentPayment[]; duplicates: DocumentDuplicate[]; transport: DocumentTransport | null; certificate: { id: string; holderCnpj: string; notAfter: string; heldElsewhere: boolean } | null; client: Record<string, unknown> | null; activeContingency: { since: string; reason: string; svcUnavailableAt: string | null } | null };

// One statement for everything the XML needs (document, company, items,
// payments, duplicates, transport), the active certificate and, while the
// document is unnumbered, its client record of the same company (the
// recipient snapshot is re-taken at emission) and the company's active
// contingency for the document's model: Prisma's include would send eight.
// `ctes`: the numbering of loadAndNumberEmissionDocument (d is read as it was before them).
const load = (ctes: string, numbered: string) => `${ctes}
  SELECT d.*,
    ${jsonRow("Company", "c")} AS "company",
    coalesce((SELECT jsonb_agg(${jsonRow("FiscalDocumentItem", "i")} ORDER BY i."position") FROM "FiscalDocumentItem" i WHERE i."documentId" = d."id"), '[]') AS "items",
    coalesce((SELECT jsonb_agg(${jsonRow("DocumentPayment", "p")} ORDER BY p."position") FROM "DocumentPayment" p WHERE p."documentId" = d."id"), '[]') AS "payments",
    coalesce((SELECT jsonb_agg(${jsonRow("DocumentDuplicate", "u")} ORDER BY u."number") FROM "DocumentDuplicate" u WHERE u."documentId" = d."id"), '[]') AS "duplicates",
    (SELECT ${jsonRow("DocumentTransport", "t")} FROM "DocumentTransport" t WHERE t."documentId" = d."id") AS "transport",
    (SELECT jsonb_build_object('id', k."id", 'holderCnpj', k."holderCnpj", 'notAfter', k."notAfter", 'heldElsewhere', EXISTS (${CNPJ_HELD_ELSEWHERE_SQL("c")}))
       FROM "Certificate" k WHERE k."companyId" = d."companyId" AND k."isActive" ORDER BY k."createdAt" DESC LIMIT 1) AS "certificate",
    (SELECT ${jsonRow("Client", "r")} FROM "Client" r WHERE r."id" = d."clientId" AND r."companyId" = d."companyId" AND d."number" = 0) AS "client",
    (SELECT jsonb_build_object('since', g."since", 'reason', g."reason", 'svcUnavailableAt', g."svcUnavailableAt") FROM "CompanyContingency" g
       WHERE g."companyId" = d."companyId" AND g."model" = CASE d."type" WHEN 'NFCE' THEN 65 WHEN 'NFE' THEN 55 END AND g."endedAt" IS NULL
       ORDER BY g."since" DESC LIMIT 1) AS "activeContingency"${numbered}
  FROM "FiscalDocument" d JOIN "Company" c ON c."id" = d."companyId"
  WHERE d."id" = $1 AND d."companyId" = $2`;

const LOAD = load("", "");

// The same read, and the next number of the document's series written onto it, when it is this
// run's ($3), PROCESSING, an unnumbered NF-e/NFC-e/NFS-e, the company passes the blocking checks
// emission makes before numbering (certificate, fiscal settings, CSC, NBS code: lib/companies; $6
// the company's NBS code this process found valid, validated-nbs-codes.ts) and its
// client record has not changed since the document was created (its snapshot is then the
// record's as now: re-taking it cannot refuse client_changed, and a replay after a crash builds
// the same <dest> from the stored one). Any other document is read only, and numbered by the
// TypeScript checks' path (prepare-emission.ts). An exhausted series allocates nothing.
const LOAD_AND_NUMBER = load(
  `WITH ${numberDocumentCtes({
    documentId: "$1", companyId: "$2", runId: "$3", numberingId: "$4", now: "$5",
    condition: `${blockingChecksPassSql("c", `d."type"::text`, "$5::timestamp", "$6")}
      AND NOT EXISTS (SELECT 1 FROM "Client" r WHERE r."id" = d."clientId" AND r."companyId" = d."companyId" AND r."updatedAt" > d."createdAt")`,
  })}`,
  `,
    (SELECT n."number" FROM assigned n) AS "assignedNumber", (SELECT n."series" FROM assigned n) AS "assignedSeries"`,
);

/**
 * The document of a run with everything emission needs, or null when it does
 * not exist in that company. Read without a lock: the writes that follow are
 * each guarded by the run and the status.
 */
export async function loadEmissionDocument(client: Queryable, ids: { documentId: string; companyId: string }): Promise<EmissionDocument | null> {
  const [row] = await sql<Row>(client, LOAD, [ids.documentId, ids.companyId]);
  return row ? fromRow(row) : null;
}

/**
 * The document of an emission run, numbered by the same statement when it can be (LOAD_AND_NUMBER):
 * `numbered` then says so and the document carries its number and series (its client record is
 * the one read before numbering, for the recipient snapshot).
 */
export async function loadAndNumberEmissionDocument(client: Queryable, run: { documentId: string; companyId: string; runId: string }): Promise<EmissionDocument | null> {
  const [row] = await sql<Row>(client, LOAD_AND_NUMBER, [run.documentId, run.companyId, run.runId, randomUUID(), utc(new Date()), validatedNbsCodeOf(run.companyId)]);
  if (!row) return null;
  const { assignedNumber, assignedSeries, ...rest } = row;
  const loaded = fromRow(rest as Row);
  if (assignedNumber == null || assignedSeries == null) return { ...loaded, numbered: null };
  return { ...loaded, document: { ...loaded.document, number: assignedNumber, series: assignedSeries }, numbered: { number: assignedNumber, series: assignedSeries } };
}

function fromRow(row: Row): EmissionDocument {
  const { company, items, payments, duplicates, transport, certificate, client: recipient, activeContingency, ...document } = row;
  const stored: StoredDocument = {
    ...fromSqlRow<FiscalDocument>("FiscalDocument", document),
    company: fromSqlRow<Company>("Company", company as unknown as Record<string, unknown>),
    items: items.map((item) => fromSqlRow<FiscalDocumentItem>("FiscalDocumentItem", item as unknown as Record<string, unknown>)),
    payments: payments.map((payment) => fromSqlRow<DocumentPayment>("DocumentPayment", payment as unknown as Record<string, unknown>)),
    duplicates: duplicates.map((duplicate) => fromSqlRow<DocumentDuplicate>("DocumentDuplicate", duplicate as unknown as Record<string, unknown>)),
    transport: transport ? fromSqlRow<DocumentTransport>("DocumentTransport", transport as unknown as Record<string, unknown>) : null,
  };
  return {
    document: stored,
    certificate: certificate ? { id: certificate.id, holderCnpj: certificate.holderCnpj, notAfter: new Date(`${certificate.notAfter}Z`), heldElsewhere: certificate.heldElsewhere } : null,
    client: recipient ? fromSqlRow<Client>("Client", recipient) : null,
    // jsonb renders a timestamp without its zone; the columns hold UTC.
    activeContingency: activeContingency
      ? { since: new Date(`${activeContingency.since}Z`), reason: activeContingency.reason, svcUnavailableAt: activeContingency.svcUnavailableAt ? new Date(`${activeContingency.svcUnavailableAt}Z`) : null }
      : null,
  };
}
