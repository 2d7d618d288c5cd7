import { handle } from "@/lib/api/handle";
import { deleteDocumentContract, getDocumentContract, updateDocumentContract } from "@/lib/documents/contracts";
import { deleteDraftDocument } from "@/lib/documents/delete-draft";
import { getDocument } from "@/lib/documents/get-document";
import { updateDocument } from "@/lib/documents/update-document";

export const GET = handle(getDocumentContract, ({ companyId, params }) => getDocument({ companyId, documentId: params.id }));
export const PATCH = handle(updateDocumentContract, ({ companyId, params, body }) => updateDocument({ companyId, documentId: params.id, body }));
export const DELETE = handle(deleteDocumentContract, ({ companyId, params }) => deleteDraftDocument({ companyId, documentId: params.id }));
