import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { DocumentDetail } from "./response-schemas";
import { loadSubstitutionLinks } from "./substitution-links";
import { detailDocument, detailInclude, type DocumentWithDetail } from "./serialize-document";

/** The stored document with everything emission needs; another company's id is 404. */
export async function findDocumentRecord(input: { companyId: string; documentId: string }, client: DbClient = db): Promise<DocumentWithDetail> {
  const document = await client.fiscalDocument.findFirst({ where: { id: input.documentId, companyId: input.companyId }, include: detailInclude });
  if (!document) throw notFound("Fiscal document");
  return document;
}

/** api.md, GET /v1/fiscal-documents/{id}: the detail whatever its environment. */
export async function getDocument(input: { companyId: string; documentId: string }, client: DbClient = db): Promise<DocumentDetail> {
  const record = await findDocumentRecord(input, client);
  return detailDocument(record, await loadSubstitutionLinks(input.companyId, record, client));
}
