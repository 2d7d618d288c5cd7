import { db, type DbClient } from "@/lib/db/client";
import { notFound, unprocessable } from "@/lib/errors";

/**
 * DELETE /v1/fiscal-documents/{id}: removes a DRAFT with its items, payments,
 * installments and transport (cascade). A draft was never numbered nor sent,
 * so nothing fiscal is lost. Any other status is 422 invalid_status: once a
 * document was sent its number and XML are fiscal records (a rejected number
 * is voided by inutilization, an authorized document by cancellation).
 * The status check and the delete are one statement, so an emission that
 * starts at the same moment either wins (422 here) or finds no document.
 */
export async function deleteDraftDocument(input: { companyId: string; documentId: string }, client: DbClient = db): Promise<void> {
  const { count } = await client.fiscalDocument.deleteMany({ where: { id: input.documentId, companyId: input.companyId, status: "DRAFT" } });
  if (count === 1) return;
  const existing = await client.fiscalDocument.findFirst({ where: { id: input.documentId, companyId: input.companyId }, select: { status: true } });
  if (!existing) throw notFound("Fiscal document");
  throw unprocessable("invalid_status", `Only DRAFT documents can be deleted; this one is ${existing.status}`);
}
