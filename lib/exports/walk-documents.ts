import type { DocumentType, Environment, Prisma } from "@prisma/client";
import { db } from "@/lib/db/client";
import { EXPORT_PAGE_SIZE } from "./config";
import { periodBounds } from "./period";

// The documents of an export, a page at a time in (issueDateTime, id) order over the
// index FiscalDocument_companyId_issueDateTime_id_idx: each page is an index range scan
// that starts after the previous page's last row, so memory and time per page stay flat.

/** The statuses whose XML is a legal record: authorized (nfeProc), cancelled (still its nfeProc), denied. */
export const EXPORTED_STATUSES = ["AUTHORIZED", "CANCELLED", "DENIED"] as const;

export type ExportCriteria = { companyId: string; environment: Environment; types: DocumentType[]; from: string; to: string };

const DOCUMENT_COLUMNS = {
  id: true,
  type: true,
  status: true,
  series: true,
  number: true,
  nfseNumber: true,
  accessKey: true,
  issueDateTime: true,
  totalValue: true,
  clientSnapshot: true,
  authorizedXml: true,
  signedXml: true,
} satisfies Prisma.FiscalDocumentSelect;

export type ExportedDocument = Prisma.FiscalDocumentGetPayload<{ select: typeof DOCUMENT_COLUMNS }>;

function documentsWhere(c: ExportCriteria): Prisma.FiscalDocumentWhereInput {
  return {
    companyId: c.companyId,
    environment: c.environment,
    type: { in: c.types },
    status: { in: [...EXPORTED_STATUSES] },
    authorizedXml: { not: null },
    issueDateTime: periodBounds(c.from, c.to),
  };
}

export function countDocuments(c: ExportCriteria): Promise<number> {
  return db.fiscalDocument.count({ where: documentsWhere(c) });
}

export async function* documentPages(c: ExportCriteria, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportedDocument[]> {
  let after: { issueDateTime: Date; id: string } | null = null;
  for (;;) {
    const cursor: Prisma.FiscalDocumentWhereInput = after
      ? { OR: [{ issueDateTime: { gt: after.issueDateTime } }, { issueDateTime: after.issueDateTime, id: { gt: after.id } }] }
      : {};
    const page: ExportedDocument[] = await db.fiscalDocument.findMany({
      where: { AND: [documentsWhere(c), cursor] },
      orderBy: [{ issueDateTime: "asc" }, { id: "asc" }],
      take: pageSize,
      select: DOCUMENT_COLUMNS,
    });
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    const last: ExportedDocument = page[page.length - 1]!;
    after = { issueDateTime: last.issueDateTime, id: last.id };
  }
}

/** The registered events (cancellation, CC-e, delivery receipt) of a page's documents. */
export function eventsOf(companyId: string, documentIds: string[]) {
  return db.documentEvent.findMany({
    where: {
      companyId,
      documentId: { in: documentIds },
      kind: { in: ["CANCELLATION", "CORRECTION_LETTER", "DELIVERY_RECEIPT", "DELIVERY_RECEIPT_CANCELLATION"] },
      outcome: "AUTHORIZED",
      responseXml: { not: null },
    },
    orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
    select: { id: true, documentId: true, kind: true, outcome: true, sequence: true, responseXml: true },
  });
}

/** Authorized inutilizations of NF-e/NFC-e whose authority date falls in the period. */
function inutilizationsWhere(c: ExportCriteria): Prisma.InutilizationWhereInput {
  const models = [...(c.types.includes("NFE") ? ["55"] : []), ...(c.types.includes("NFCE") ? ["65"] : [])];
  return { companyId: c.companyId, environment: c.environment, status: "AUTHORIZED", model: { in: models }, responseXml: { not: null }, inutilizationDate: periodBounds(c.from, c.to) };
}

export function countInutilizations(c: ExportCriteria): Promise<number> {
  return db.inutilization.count({ where: inutilizationsWhere(c) });
}

const INUTILIZATION_COLUMNS = { id: true, model: true, series: true, startNumber: true, endNumber: true, inutilizationDate: true, responseXml: true } satisfies Prisma.InutilizationSelect;
type ExportedInutilizationRow = Prisma.InutilizationGetPayload<{ select: typeof INUTILIZATION_COLUMNS }>;

export async function* inutilizationPages(c: ExportCriteria, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportedInutilizationRow[]> {
  let afterId: string | null = null;
  for (;;) {
    const page: ExportedInutilizationRow[] = await db.inutilization.findMany({
      where: { ...inutilizationsWhere(c), ...(afterId && { id: { gt: afterId } }) },
      orderBy: { id: "asc" },
      take: pageSize,
      select: INUTILIZATION_COLUMNS,
    });
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}
