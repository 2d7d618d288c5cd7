import { handle } from "@/lib/api/handle";
import { cancelDocumentContract } from "@/lib/document-events/contracts";
import { cancelDocument } from "@/lib/document-events/cancel-document";

export const POST = handle(cancelDocumentContract, ({ companyId, params, body }) => cancelDocument({ companyId, documentId: params.id, body }));
