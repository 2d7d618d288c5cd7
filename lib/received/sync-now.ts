import { manifestReceivedDocument } from "./manifest";
import { toReceivedDocumentResponse } from "./queries";
import { runReceivedSync } from "./run-sync";
import type { ManifestationInput } from "./schemas";
import { assertSyncAllowed } from "./sync";

// The API's entry points into the received-documents domain, shaped as the contracts answer.

export async function requestSyncNow(companyId: string) {
  await assertSyncAllowed(companyId);
  const outcome = await runReceivedSync(companyId);
  if (outcome.status === "waiting") await assertSyncAllowed(companyId);
  if (outcome.status === "synced") {
    return { status: "synced" as const, created: outcome.created.length, lastNsu: outcome.lastNsu, maxNsu: outcome.maxNsu, nextSyncAt: outcome.notBefore?.toISOString() ?? null, reason: null };
  }
  const failed = outcome.status === "failed" ? outcome : null;
  // A 656 that named the ultNSU to use moved the cursor: the answer says where to.
  return { status: "failed" as const, created: 0, lastNsu: failed?.lastNsu ?? "", maxNsu: "", nextSyncAt: failed?.notBefore?.toISOString() ?? null, reason: failed ? `${failed.cStat ? `${failed.cStat} - ` : ""}${failed.reason}` : null };
}

export async function manifestAndDescribe(companyId: string, id: string, body: ManifestationInput) {
  return toReceivedDocumentResponse(await manifestReceivedDocument(companyId, id, body));
}
