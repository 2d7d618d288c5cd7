import { db, type DbClient } from "@/lib/db/client";
import type { DocumentSubstitutionLink } from "./response-schemas";

// ABRASF 2.04 SubstituirNfse (issue 57) links a replacement to the NFS-e it replaces by
// FiscalDocument.replacesDocumentId. The detail shows the link from both ends: the replacement
// names the NFS-e it replaces, the replaced one names its replacement (docs/api-notes/nfse-municipal.md).

const linkSelect = { id: true, status: true, nfseNumber: true, substitutionReasonCode: true } as const;

export type SubstitutionLinks = { replacesDocument: DocumentSubstitutionLink | null; replacedByDocument: DocumentSubstitutionLink | null };

/** Both ends of a document's substitution link, each read within the company. */
export async function loadSubstitutionLinks(
  companyId: string,
  document: { id: string; type: string; replacesDocumentId: string | null; substitutionReasonCode: string | null },
  client: DbClient = db,
): Promise<SubstitutionLinks> {
  if (document.type !== "NFSE") return { replacesDocument: null, replacedByDocument: null };
  const [replaced, replacement] = await Promise.all([
    document.replacesDocumentId ? client.fiscalDocument.findFirst({ where: { id: document.replacesDocumentId, companyId }, select: linkSelect }) : null,
    client.fiscalDocument.findFirst({ where: { replacesDocumentId: document.id, companyId }, select: linkSelect }),
  ]);
  return {
    // The reason (CodigoCancelamento) is kept on the replacement: it is why the replaced one was cancelled.
    replacesDocument: replaced ? { id: replaced.id, status: replaced.status, nfseNumber: replaced.nfseNumber, nfseReasonCode: document.substitutionReasonCode } : null,
    replacedByDocument: replacement ? { id: replacement.id, status: replacement.status, nfseNumber: replacement.nfseNumber, nfseReasonCode: replacement.substitutionReasonCode } : null,
  };
}
