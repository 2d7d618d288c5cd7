import { handle } from "@/lib/api/handle";
import { resendDocumentEmailContract } from "@/lib/email/contracts";
import { resendDocumentEmail } from "@/lib/email/document-emails";

export const POST = handle(resendDocumentEmailContract, ({ companyId, params, body }) => resendDocumentEmail({ companyId, documentId: params.id, body: body ?? {} }));
