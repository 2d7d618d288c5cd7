import { toErrorResponse } from "@/lib/api/error-response";
import { handle } from "@/lib/api/handle";
import { assertBodyItem } from "@/lib/api/read-input";
import { importDocumentBatchContract } from "@/lib/imports/contracts";
import { importDocumentBatch } from "@/lib/imports/import-batch";

export const POST = handle(importDocumentBatchContract, ({ companyId, body }) =>
  importDocumentBatch({ companyId, body, answerError: toErrorResponse, checkItem: assertBodyItem }),
);
