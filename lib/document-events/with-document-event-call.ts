import type { Company, DocumentEventKind, FiscalDocument, Prisma } from "@prisma/client";
import { withAuthorityCall } from "@/lib/authority-calls";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { reconcilePendingIntents, type Reconciled } from "./reconcile-intents";

export type DocumentEventContext = {
  document: FiscalDocument;
  company: Company;
  /**
   * The registered event of this kind that an earlier attempt left unrecorded (a PENDING intent
   * this call just finished by consulting the authority): a retry answers it instead of sending again.
   */
  recovered: (kind: DocumentEventKind) => Reconciled | undefined;
};

/**
 * Runs one event of a document (cancel, correction letter, delivery receipt
 * and its cancellation) under the document's authority-call claim
 * (lib/authority-calls): events of one document are decided one at a time,
 * but no transaction, connection or row lock is held while the authority
 * answers. Before anything else, an earlier call's PENDING intent (its
 * process died, or its answer was lost) is finished by consulting the
 * authority (reconcile-intents.ts), so the rules see what the authority holds.
 * `fn` reads the document (fresh, after the claim), checks the rules, calls
 * the authority, then records the answer with `recordAnswer` first thing.
 * Another company's document is 404 before any claim is taken.
 */
export async function withDocumentEventCall<T>(companyId: string, documentId: string, fn: (context: DocumentEventContext) => Promise<T>): Promise<T> {
  const exists = await db.fiscalDocument.findFirst({ where: { id: documentId, companyId }, select: { id: true } });
  if (!exists) throw notFound("Fiscal document");
  return withAuthorityCall({ companyId, key: `document-events:${documentId}` }, async () => {
    const reconciled = await reconcilePendingIntents(companyId, documentId);
    const document = await db.fiscalDocument.findFirstOrThrow({ where: { id: documentId, companyId } });
    const company = await db.company.findFirstOrThrow({ where: { id: companyId } });
    const recovered = (kind: DocumentEventKind) => reconciled.findLast((r) => r.kind === kind && r.status === "recorded");
    return fn({ document, company, recovered });
  });
}

/** The short transaction that records an authority's answer (the event, the document's new state, its outcome). */
export function recordAnswer<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db.$transaction(fn);
}
