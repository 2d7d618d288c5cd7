import { toErrorResponse } from "@/lib/api/error-response";
import { admitEachAfterTheFirst, handle } from "@/lib/api/handle";
import { assertBodyItem } from "@/lib/api/read-input";
import { createDocumentBatchContract } from "@/lib/documents/contracts";
import { createDocumentBatch } from "@/lib/documents/create-document-batch";

export const POST = handle(createDocumentBatchContract, ({ companyId, principal, body }) =>
  createDocumentBatch({ companyId, documents: body.documents, emit: body.emit, admit: admitEachAfterTheFirst(principal, companyId), answerError: toErrorResponse, checkItem: assertBodyItem }),
);
