import { db } from "@/lib/db/client";
import { manifestReceivedDocument } from "./manifest";
import { reconcileCompanyManifestations } from "./manifestation-intents";
import { syncReceivedDocuments, type SyncOutcome } from "./sync";

// One distribution run and what follows it: the automatic ciência (company
// setting receivedAutoAcknowledge, default on) of each new NF-e that came as a
// summary, which also fetches its full XML. A failed ciência is left for the
// dashboard or the API (the document stays PENDING); it never undoes the sync.
// First, manifestations whose answer was lost are finished by consulting their
// key (manifestation-intents.ts); a failure there never stops the sync.

export async function runReceivedSync(companyId: string): Promise<SyncOutcome> {
  await reconcileCompanyManifestations(companyId).catch((error: unknown) => {
    console.warn(`[received] reconciliation of pending manifestations of company ${companyId} failed: ${(error as Error).message}`);
  });
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
