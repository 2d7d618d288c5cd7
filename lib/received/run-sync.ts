import { db } from "@/lib/db/client";
import { manifestReceivedDocument } from "./manifest";
import { reconcileCompanyManifestations } from "./manifestation-intents";
import { syncReceivedNfse, type NfseSyncOutcome } from "./nfse-sync";
import { syncReceivedDocuments, type SyncOutcome } from "./sync";

// One distribution run and what follows it: the automatic ciência (company
// setting receivedAutoAcknowledge, default on) of each new NF-e that came as a
// summary, which also fetches its full XML. A failed ciência is left for the
// dashboard or the API (the document stays PENDING); it never undoes the sync.
// First, manifestations whose answer was lost are finished by consulting their
// key (manifestation-intents.ts); a failure there never stops the sync.
// Then the NFS-e distribution of the ADN (nfse-sync.ts, issue 57), with its own
// cursor and wait: its failure is logged and answered, never undoes the NF-e's.

export type ReceivedRunOutcome = SyncOutcome & { nfse: NfseSyncOutcome };

export async function runReceivedSync(companyId: string): Promise<ReceivedRunOutcome> {
  await reconcileCompanyManifestations(companyId).catch((error: unknown) => {
    console.warn(`[received] reconciliation of pending manifestations of company ${companyId} failed: ${(error as Error).message}`);
  });
  const outcome = await syncReceivedDocuments(companyId);
  await acknowledgeNew(companyId, outcome);
  const nfse = await syncReceivedNfse(companyId).catch((error: unknown): NfseSyncOutcome => {
    console.warn(`[received] NFS-e distribution (ADN) of company ${companyId} failed: ${(error as Error).message}`);
    return { status: "failed", reason: (error as Error).message, notBefore: null };
  });
  return { ...outcome, nfse };
}

async function acknowledgeNew(companyId: string, outcome: SyncOutcome): Promise<void> {
  if (outcome.status !== "synced" || outcome.created.length === 0) return;
  const company = await db.company.findUnique({ where: { id: companyId }, select: { receivedAutoAcknowledge: true } });
  if (!company?.receivedAutoAcknowledge) return;
  for (const document of outcome.created) {
    // Only what came as a summary: a transporter or autXML party receives the full XML and is not the one who manifests.
    if (document.xml || document.manifestation !== "PENDING" || document.authorityStatus !== "AUTHORIZED") continue;
    await manifestReceivedDocument(companyId, document.id, { type: "CIENCIA" }).catch((error: unknown) => {
      console.warn(`[received] automatic ciência of ${document.accessKey} failed: ${(error as Error).message}`);
    });
  }
}
