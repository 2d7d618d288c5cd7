import { toErrorResponse } from "@/lib/api/error-response";
import { handleSession } from "@/lib/api/handle-session";
import { assertBodyItem } from "@/lib/api/read-input";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardImportDocumentsContract } from "@/lib/imports/contracts";
import { importDocumentBatch } from "@/lib/imports/import-batch";

export const POST = handleSession(
  dashboardImportDocumentsContract,
  ({ companyId, body }) => importDocumentBatch({ companyId, body, answerError: toErrorResponse, checkItem: assertBodyItem }),
  { roles: WRITER_ROLES },
);
