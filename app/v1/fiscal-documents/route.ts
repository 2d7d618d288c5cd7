import { handle } from "@/lib/api/handle";
import { createDocumentContract, listDocumentsContract } from "@/lib/documents/contracts";
import { createDocument } from "@/lib/documents/create-document";
import { listDocuments } from "@/lib/documents/list-documents";
import { createdAnswer } from "@/lib/emission/answer-with-outcome";

export const GET = handle(listDocumentsContract, ({ companyId, query }) => listDocuments({ companyId, query }));
export const POST = handle(createDocumentContract, async ({ companyId, body, request }) => createdAnswer(request, companyId, await createDocument({ companyId, body, parsed: true })));
