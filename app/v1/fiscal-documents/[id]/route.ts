import { handle } from "@/lib/api/handle";
import { getDocumentContract } from "@/lib/documents/contracts";
import { getDocument } from "@/lib/documents/get-document";

export const GET = handle(getDocumentContract, ({ companyId, params }) => getDocument({ companyId, documentId: params.id }));
