import { handle } from "@/lib/api/handle";
import { correctionLetterContract } from "@/lib/document-events/contracts";
import { issueCorrectionLetter } from "@/lib/document-events/issue-correction-letter";

export const POST = handle(correctionLetterContract, ({ companyId, params, body }) => issueCorrectionLetter({ companyId, documentId: params.id, body }));
