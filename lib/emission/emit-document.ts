import type { EmitDocumentResponse } from "./schemas";
import { queueEmission } from "./queue-emission";
import { checkRecipientRegistration } from "./recipient-registration";

/** POST /v1/fiscal-documents/{id}/emit. */
export async function emitDocument(input: { companyId: string; documentId: string; issueDateTime?: string | null }): Promise<EmitDocumentResponse> {
  // Before the transaction that queues it (no connection held while the registry answers): an NF-e to a
  // contributor whose registration is inactive or missing stops here, before any number is spent.
  const registration = await checkRecipientRegistration(input.companyId, input.documentId);
  const { runId } = await queueEmission({ ...input, checkPrerequisites: true });
  return {
    documentId: input.documentId,
    status: "PROCESSING",
    runId,
    message: "Emission queued; follow the document status or the document.authorized / document.rejected / document.denied webhook",
    ...(registration.kind === "warning" ? { warnings: [registration.message] } : {}),
  };
}
