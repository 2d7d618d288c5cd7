import { parseWith } from "@/lib/contracts/parse-input";
import type { ErrorBody } from "@/lib/errors";
import { answerInvitesRetry, asIdempotentItem, documentCreatedEarlier } from "@/lib/db/idempotent-run";
import { createDocument } from "./create-document";
import type { DocumentSummary } from "./response-schemas";
import { CreateDocumentInput } from "./schemas";

// POST /v1/fiscal-documents/batch (docs/api.md, Batch creation): every item is
// a single create with all its rules, run one after the other in the given
// order, so emitted documents queue (and are numbered) in that order. An item
// that fails answers its own error object and does not stop the others.

export type BatchItemResult = { index: number; status: 201; document: DocumentSummary } | { index: number; status: number; error: ErrorBody };

type BatchInput = {
  companyId: string;
  documents: unknown[];
  emit?: boolean;
  /** Counts one more document against the rate limit; an error object when over it (the first is counted by the request). */
  admit: (index: number) => Promise<ErrorBody | null>;
  /** The API's answer to a thrown error (the route passes lib/api's): an item fails as a single create would. */
  answerError: (error: unknown) => Response;
  /** The API's checks of a raw body (text, companyId), run on each item as a single create's body gets them. */
  checkItem: (raw: unknown, where: string) => void;
};

export async function createDocumentBatch(input: BatchInput): Promise<{ results: BatchItemResult[] }> {
  const results: BatchItemResult[] = [];
  for (const [index, raw] of input.documents.entries()) {
    const result = await asIdempotentItem(index, () => createItem(input, index, raw));
    // A 429 or 5xx item asks for a retry: the batch's answer is not kept for its Idempotency-Key.
    if (result.status === 429 || result.status >= 500) answerInvitesRetry();
    results.push(result);
  }
  return { results };
}

async function createItem(input: BatchInput, index: number, raw: unknown): Promise<BatchItemResult> {
  try {
    // An item an earlier run of the batch's Idempotency-Key created was counted then.
    const refused = documentCreatedEarlier() ? null : await input.admit(index);
    if (refused) return { index, status: refused.statusCode, error: refused };
    input.checkItem(raw, `documents.${index}`);
    const item = raw && typeof raw === "object" && !Array.isArray(raw) && input.emit !== undefined && !("emit" in raw) ? { ...raw, emit: input.emit } : raw;
    const body = parseWith(CreateDocumentInput, item, `documents.${index}`);
    return { index, status: 201, document: await createDocument({ companyId: input.companyId, body, parsed: true }) };
  } catch (error) {
    const response = input.answerError(error);
    return { index, status: response.status, error: (await response.json()) as ErrorBody };
  }
}
