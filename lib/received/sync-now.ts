import { db } from "@/lib/db/client";
import { manifestReceivedDocument } from "./manifest";
import { nextNfseSyncAllowedAt, type NfseSyncOutcome } from "./nfse-sync";
import { toReceivedDocumentResponse } from "./queries";
import { runReceivedSync } from "./run-sync";
import type { ManifestationInput } from "./schemas";
import { assertSyncAllowed, nextSyncAllowedAt } from "./sync";

// The API's entry points into the received-documents domain, shaped as the contracts answer.

/**
 * Runs both distributions now: the NF-e's (the answer's top-level fields, as before issue 57) and
 * the ADN's NFS-e (`nfse`). 429 only while both wait; when only the NF-e's waits, the NFS-e is asked
 * and the NF-e part answers `waiting` with its next allowed time.
 */
export async function requestSyncNow(companyId: string) {
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { environment: true } });
  const [nfeWait, nfseWait] = await Promise.all([nextSyncAllowedAt(companyId), nextNfseSyncAllowedAt(companyId, company.environment)]);
  if (nfeWait && nfseWait) await assertSyncAllowed(companyId);
  const outcome = await runReceivedSync(companyId);
  const nfse = nfsePart(outcome.nfse);
  if (outcome.status === "waiting") {
    if (outcome.nfse.status === "waiting") await assertSyncAllowed(companyId);
    return { status: "waiting" as const, created: 0, lastNsu: "", maxNsu: "", nextSyncAt: outcome.notBefore.toISOString(), reason: null, nfse };
  }
  if (outcome.status === "synced") {
    return { status: "synced" as const, created: outcome.created.length, lastNsu: outcome.lastNsu, maxNsu: outcome.maxNsu, nextSyncAt: outcome.notBefore?.toISOString() ?? null, reason: null, nfse };
  }
  // A 656 that named the ultNSU to use moved the cursor: the answer says where to.
  return { status: "failed" as const, created: 0, lastNsu: outcome.lastNsu ?? "", maxNsu: "", nextSyncAt: outcome.notBefore?.toISOString() ?? null, reason: `${outcome.cStat ? `${outcome.cStat} - ` : ""}${outcome.reason}`, nfse };
}

function nfsePart(outcome: NfseSyncOutcome) {
  if (outcome.status === "synced") return { status: "synced" as const, created: outcome.created.length, lastNsu: outcome.lastNsu, nextSyncAt: outcome.notBefore?.toISOString() ?? null, reason: null };
  if (outcome.status === "waiting") return { status: "waiting" as const, created: 0, lastNsu: null, nextSyncAt: outcome.notBefore.toISOString(), reason: null };
  return { status: "failed" as const, created: 0, lastNsu: null, nextSyncAt: outcome.notBefore?.toISOString() ?? null, reason: outcome.reason };
}

export async function manifestAndDescribe(companyId: string, id: string, body: ManifestationInput) {
  return toReceivedDocumentResponse(await manifestReceivedDocument(companyId, id, body));
}
