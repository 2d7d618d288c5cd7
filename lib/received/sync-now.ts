import { manifestReceivedDocument } from "./manifest";
import type { NfseSyncOutcome } from "./nfse-sync";
import { toReceivedDocumentResponse } from "./queries";
import { runReceivedSync } from "./run-sync";
import type { ManifestationInput } from "./schemas";
import { assertSyncAllowed } from "./sync";

// The API's entry points into the received-documents domain, shaped as the contracts answer.

/**
 * Runs both distributions now: the NF-e's (the answer's top-level fields, as before issue 57) and,
 * in the same run, the ADN's NFS-e (`nfse`, its own cursor and wait: "waiting" inside it). The 429
 * follows the NF-e distribution's wait, which paces the company's runs (schedule.ts).
 */
export async function requestSyncNow(companyId: string) {
  await assertSyncAllowed(companyId);
  const outcome = await runReceivedSync(companyId);
  if (outcome.status === "waiting") await assertSyncAllowed(companyId);
  const nfse = nfsePart(outcome.nfse);
  if (outcome.status === "synced") {
    return { status: "synced" as const, created: outcome.created.length, lastNsu: outcome.lastNsu, maxNsu: outcome.maxNsu, nextSyncAt: outcome.notBefore?.toISOString() ?? null, reason: null, nfse };
  }
  const failed = outcome.status === "failed" ? outcome : null;
  // A 656 that named the ultNSU to use moved the cursor: the answer says where to.
  return { status: "failed" as const, created: 0, lastNsu: failed?.lastNsu ?? "", maxNsu: "", nextSyncAt: failed?.notBefore?.toISOString() ?? null, reason: failed ? `${failed.cStat ? `${failed.cStat} - ` : ""}${failed.reason}` : null, nfse };
}

function nfsePart(outcome: NfseSyncOutcome) {
  if (outcome.status === "synced") return { status: "synced" as const, created: outcome.created.length, lastNsu: outcome.lastNsu, nextSyncAt: outcome.notBefore?.toISOString() ?? null, reason: null };
  if (outcome.status === "waiting") return { status: "waiting" as const, created: 0, lastNsu: null, nextSyncAt: outcome.notBefore.toISOString(), reason: null };
  return { status: "failed" as const, created: 0, lastNsu: null, nextSyncAt: outcome.notBefore?.toISOString() ?? null, reason: outcome.reason };
}

export async function manifestAndDescribe(companyId: string, id: string, body: ManifestationInput) {
  return toReceivedDocumentResponse(await manifestReceivedDocument(companyId, id, body));
}
