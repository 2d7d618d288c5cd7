import { handle } from "@/lib/api/handle";
import { emitDocumentContract } from "@/lib/emission/contracts";
import { emitDocument } from "@/lib/emission/emit-document";

export const POST = handle(emitDocumentContract, ({ companyId, params, body }) =>
  emitDocument({ companyId, documentId: params.id, issueDateTime: body?.issueDateTime }),
);
