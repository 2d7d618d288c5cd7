import { handle } from "@/lib/api/handle";
import { createDocumentContract, listDocumentsContract } from "@/lib/documents/contracts";
import { createDocument } from "@/lib/documents/create-document";
import { listDocuments } from "@/lib/documents/list-documents";

export const GET = handle(listDocumentsContract, ({ companyId, query }) => listDocuments({ companyId, query }));
export const POST = handle(createDocumentContract, ({ companyId, body }) => createDocument({ companyId, body }));
