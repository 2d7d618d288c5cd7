import { handle } from "@/lib/api/handle";
import { deleteDocumentContract, getDocumentContract } from "@/lib/documents/contracts";
import { deleteDraftDocument } from "@/lib/documents/delete-draft";
import { getDocument } from "@/lib/documents/get-document";

export const GET = handle(getDocumentContract, ({ companyId, params }) => getDocument({ companyId, documentId: params.id }));
export const DELETE = handle(deleteDocumentContract, ({ companyId, params }) => deleteDraftDocument({ companyId, documentId: params.id }));
