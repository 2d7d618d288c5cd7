import type { Company, FiscalDocument, Prisma } from "@prisma/client";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

export type LockedDocument = { tx: Prisma.TransactionClient; document: FiscalDocument; company: Company };

/**
 * Runs `fn` in one transaction holding the document's row lock, so two events
 * on one document (a cancellation racing a delivery receipt, two correction
 * letters taking the same sequence) are decided one after the other, and the
 * authority's answer is recorded atomically with the state change. The lock is
 * held across the synchronous authority call, hence the longer timeout.
 */
export async function withLockedDocument<T>(companyId: string, documentId: string, fn: (locked: LockedDocument) => Promise<T>): Promise<T> {
  const timeout = env().AUTHORITY_TIMEOUT_MS + 15_000;
  return db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "FiscalDocument" WHERE id = ${documentId} AND "companyId" = ${companyId} FOR UPDATE`;
      if (rows.length === 0) throw notFound("Fiscal document");
      const document = await tx.fiscalDocument.findFirstOrThrow({ where: { id: documentId, companyId } });
      const company = await tx.company.findFirstOrThrow({ where: { id: companyId } });
      return fn({ tx, document, company });
    },
    { timeout, maxWait: 10_000 },
  );
}
