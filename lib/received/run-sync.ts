import { db } from "@/lib/db/client";
import { manifestReceivedDocument } from "./manifest";
import { syncReceivedDocuments, type SyncOutcome } from "./sync";

// One distribution run and what follows it: the automatic ciência (company
// setting receivedAutoAcknowledge, default on) of each new NF-e that came as a
// summary, which also fetches its full XML. A failed ciência is left for the
// dashboard or the API (the document stays PENDING); it never undoes the sync.

export async function runReceivedSync(companyId: string): Promise<SyncOutcome> {
  const outcome = await syncReceivedDocuments(companyId);
  if (outcome.status !== "synced" || outcome.created.length === 0) return outcome;
  const company = await db.company.findUnique({ where: { id: companyId }, select: { receivedAutoAcknowledge: true } });
  if (!company?.receivedAutoAcknowledge) return outcome;
  for (const document of outcome.created) {
    // Only what came as a summary: a transporter or autXML party receives the full XML and is not the one who manifests.
    if (document.xml || document.manifestation !== "PENDING" || document.authorityStatus !== "AUTHORIZED") continue;
    await manifestReceivedDocument(companyId, document.id, { type: "CIENCIA" }).catch((error: unknown) => {
      console.warn(`[received] automatic ciência of ${document.accessKey} failed: ${(error as Error).message}`);
    });
  }
  return outcome;
}
