import type { EmitDocumentResponse } from "./schemas";
import { queueEmission } from "./queue-emission";

/** POST /v1/fiscal-documents/{id}/emit. */
export async function emitDocument(input: { companyId: string; documentId: string; issueDateTime?: string | null }): Promise<EmitDocumentResponse> {
  const { runId } = await queueEmission({ ...input, checkPrerequisites: true });
  return {
    documentId: input.documentId,
    status: "PROCESSING",
    runId,
    message: "Emission queued; follow the document status or the document.authorized / document.rejected / document.denied webhook",
  };
}
