import { apiRateLimitedError, hitApiKeyRateLimit } from "@/lib/api/api-rate-limit";
import { handle, rateLimitKeyOf } from "@/lib/api/handle";
import { createDocumentBatchContract } from "@/lib/documents/contracts";
import { createDocumentBatch } from "@/lib/documents/create-document-batch";

export const POST = handle(createDocumentBatchContract, ({ companyId, principal, body }) =>
  createDocumentBatch({
    companyId,
    documents: body.documents,
    emit: body.emit,
    // The request itself counted the first document; each further one counts once more.
    admit: async (index) => {
      if (index === 0) return null;
      const limit = await hitApiKeyRateLimit(rateLimitKeyOf(principal, companyId));
      return limit.allowed ? null : apiRateLimitedError(limit).toBody();
    },
  }),
);
