import type { Inutilization, Prisma } from "@prisma/client";

// A DRAFT with a number or a REJECTED document whose number an authorized
// inutilization covers can never be authorized (SEFAZ answers 206 "NF-e já
// está inutilizada"): it becomes INUTILIZED and points at the inutilization,
// in the transaction that records it. Same company, environment, model and
// series; a document with an access key only when the key's year (AA) is the
// inutilization's, since an inutilization voids the numbers of one year.
const CLOSE = `
  UPDATE "FiscalDocument"
  SET "status" = 'INUTILIZED', "inutilizationId" = $1, "updatedAt" = now() AT TIME ZONE 'UTC'
  WHERE "companyId" = $2 AND "environment" = $3::"Environment" AND "type" = $4::"DocumentType" AND "series" = $5
    AND "number" BETWEEN $6 AND $7 AND "number" > 0
    AND "status" IN ('DRAFT', 'REJECTED')
    AND ("accessKey" IS NULL OR substr("accessKey", 3, 2) = $8)
  RETURNING "id"`;

/** Returns the ids of the documents closed (inutilization.registered names them). */
export async function closeInutilizedDocuments(tx: Prisma.TransactionClient, inutilization: Inutilization): Promise<string[]> {
  const type = inutilization.model === "65" ? "NFCE" : "NFE";
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    CLOSE,
    inutilization.id, inutilization.companyId, inutilization.environment, type, inutilization.series,
    inutilization.startNumber, inutilization.endNumber, inutilization.year,
  );
  return rows.map((row) => row.id).sort();
}
