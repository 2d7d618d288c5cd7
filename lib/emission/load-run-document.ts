import type { Prisma } from "@prisma/client";
import type { EmissionRun } from "./outcomes";

/**
 * Locks the document for this run's transition. Null when it is no longer
 * this run's to change: another run took it over (re-emission) or it left the
 * expected status; every step is then a no-op, which makes them idempotent.
 */
export async function lockRunDocument(tx: Prisma.TransactionClient, run: EmissionRun, expected: "PROCESSING" | "DRAFT" = "PROCESSING") {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM "FiscalDocument" WHERE "id" = ${run.documentId} AND "companyId" = ${run.companyId} FOR UPDATE`;
  if (rows.length === 0) return null;
  const document = await tx.fiscalDocument.findUniqueOrThrow({ where: { id: run.documentId } });
  if (document.runId !== run.runId || document.status !== expected) return null;
  return document;
}
