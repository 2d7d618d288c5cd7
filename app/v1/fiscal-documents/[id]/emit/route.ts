import { handle } from "@/lib/api/handle";
import { emittedAnswer } from "@/lib/emission/answer-with-outcome";
import { emitDocumentContract } from "@/lib/emission/contracts";
import { emitDocument } from "@/lib/emission/emit-document";

export const POST = handle(emitDocumentContract, async ({ companyId, params, body, request }) =>
  emittedAnswer(request, companyId, await emitDocument({ companyId, documentId: params.id, issueDateTime: body?.issueDateTime })),
);
