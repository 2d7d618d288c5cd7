import { handle } from "@/lib/api/handle";
import { substituteDocument } from "@/lib/document-events/substitute-abrasf-nfse";
import { substituteDocumentContract } from "@/lib/document-events/substitution-contract";
import { emittedAnswer } from "@/lib/emission/answer-with-outcome";

export const POST = handle(substituteDocumentContract, async ({ companyId, params, body, request }) =>
  emittedAnswer(request, companyId, await substituteDocument({ companyId, documentId: params.id, body })),
);
