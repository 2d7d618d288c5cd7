import type { Environment } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";

/** A key the document references (NFref, or the RTC note's refNFe), with the page it has here when it is ours. */
export type ReferencedDocumentLink = {
  accessKey: string;
  /** The company's own issued document with this key. */
  issuedId: string | null;
  /** The company's received NF-e with this key (a return of a purchase references the supplier's note). */
  receivedId: string | null;
};

/**
 * The keys a document references, each with the company's issued or received document that carries it
 * (issue 54 item 7: a return shows the note it returns, linked when it is ours). Scoped by company: another
 * company's document with the same key is not linked; a received one only in the document's environment.
 */
export async function linkReferencedDocuments(companyId: string, environment: Environment, accessKeys: readonly string[], client: DbClient = db): Promise<ReferencedDocumentLink[]> {
  const keys = [...new Set(accessKeys.filter(Boolean))];
  if (keys.length === 0) return [];
  const [issued, received] = await Promise.all([
    client.fiscalDocument.findMany({ where: { companyId, accessKey: { in: keys } }, select: { id: true, accessKey: true } }),
    client.receivedDocument.findMany({ where: { companyId, environment, accessKey: { in: keys } }, select: { id: true, accessKey: true } }),
  ]);
  const issuedByKey = new Map(issued.map((d) => [d.accessKey!, d.id]));
  const receivedByKey = new Map(received.map((d) => [d.accessKey, d.id]));
  return keys.map((accessKey) => ({ accessKey, issuedId: issuedByKey.get(accessKey) ?? null, receivedId: receivedByKey.get(accessKey) ?? null }));
}
