import type { DocumentExport } from "@prisma/client";
import { paginate, type Page, type PaginationQuery } from "@/lib/contracts/pagination";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { exportFileName } from "./layout";
import { ExportInclude, type ExportRecord } from "./schemas";

// GET /v1/exports/{id} and the list: status, progress and size. An export past its
// expiry reads EXPIRED at once, before the cleanup run removes its file.

type Row = DocumentExport & { company: { cnpj: string } };

export function isExpired(row: Pick<DocumentExport, "status" | "expiresAt">, now = new Date()): boolean {
  return row.status === "EXPIRED" || row.expiresAt.getTime() <= now.getTime();
}

export function toExportRecord(row: Row): ExportRecord {
  const status = isExpired(row) ? "EXPIRED" : row.status;
  const percent = row.total === 0 ? (status === "READY" ? 100 : 0) : Math.floor((row.done * 100) / row.total);
  return {
    id: row.id,
    status,
    from: row.fromDate,
    to: row.toDate,
    environment: row.environment,
    documentTypes: row.documentTypes,
    include: ExportInclude.parse(row.include),
    origin: row.origin,
    progress: { done: row.done, total: row.total, percent },
    sizeBytes: Number(row.sizeBytes),
    fileName: exportFileName(row.company.cnpj, row.fromDate, row.toDate),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The company's export, or 404 (another company's id included). */
export async function findExport(companyId: string, id: string): Promise<Row> {
  const row = await db.documentExport.findFirst({ where: { id, companyId }, include: { company: { select: { cnpj: true } } } });
  if (!row) throw notFound("Export");
  return row;
}

export async function getExport(companyId: string, id: string): Promise<ExportRecord> {
  return toExportRecord(await findExport(companyId, id));
}

/** Newest first. */
export async function listExports(companyId: string, query: PaginationQuery): Promise<Page<ExportRecord>> {
  const where = { companyId };
  return paginate(
    query,
    () => db.documentExport.count({ where }),
    async (window) =>
      (await db.documentExport.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: { company: { select: { cnpj: true } } }, ...window })).map(toExportRecord),
  );
}
