import { handle } from "@/lib/api/handle";
import { syncDocumentContract } from "@/lib/document-events/sync-contracts";
import { syncDocument } from "@/lib/document-events/sync-document";

export const POST = handle(syncDocumentContract, ({ companyId, params }) => syncDocument({ companyId, documentId: params.id }));
