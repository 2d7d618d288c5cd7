import { handle } from "@/lib/api/handle";
import { listDocumentEmailsContract } from "@/lib/email/contracts";
import { listDocumentEmails } from "@/lib/email/document-emails";

export const GET = handle(listDocumentEmailsContract, ({ companyId, params }) => listDocumentEmails({ companyId, documentId: params.id }));
