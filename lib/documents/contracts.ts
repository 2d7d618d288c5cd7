import { defineContract } from "@/lib/contracts/contract";
import { pageSchema } from "@/lib/contracts/pagination";
import { DocumentDetail, DocumentSummary } from "./response-schemas";
import { z } from "zod";
import { ErrorObject } from "@/lib/contracts/error-object";
import { CreateDocumentInput, DocumentIdParams, ListDocumentsQuery, UpdateDocumentInput } from "./schemas";

export const MAX_BATCH_DOCUMENTS = 50;

// Items are validated one by one (lib/documents/create-document-batch.ts), so one bad item cannot refuse the batch.
const CreateDocumentBatchInput = z.object({
  documents: z.array(z.unknown().describe("A create body, as POST /v1/fiscal-documents takes it")).min(1, "send at least one document").max(MAX_BATCH_DOCUMENTS, `at most ${MAX_BATCH_DOCUMENTS} documents per batch`),
  emit: z.boolean().optional(),
});
const CreateDocumentBatchResult = z.object({
  results: z.array(
    z.union([
      z.object({ index: z.number().int(), status: z.literal(201), document: DocumentSummary }),
      z.object({ index: z.number().int(), status: z.number().int(), error: ErrorObject }),
    ]),
  ),
});

const tag = "Fiscal documents";

export const listDocumentsContract = defineContract({
  method: "GET", path: "/v1/fiscal-documents", summary: "List fiscal documents, newest first", tag, scope: "documents:read",
  query: ListDocumentsQuery, response: pageSchema(DocumentSummary),
  description: "environment defaults to PRODUCTION; ALL lists both environments.",
});
export const createDocumentContract = defineContract({
  method: "POST", path: "/v1/fiscal-documents", summary: "Create a fiscal document (DRAFT, or PROCESSING with emit true)", tag, scope: "documents:write",
  body: CreateDocumentInput, response: DocumentSummary, successStatus: 201, errorStatuses: [422, 429, 503],
  description:
    "Taxes are resolved field by field (item, tax rule, product, template, company) and computed at creation. With emit true and the header `Prefer: wait=N` (RFC 7240, N up to 30 seconds) the request waits for the emission's outcome and answers 201 with the document as it then stands and `Preference-Applied: wait=N` (still PROCESSING when N seconds passed first).",
});
export const createDocumentBatchContract = defineContract({
  method: "POST", path: "/v1/fiscal-documents/batch", summary: "Create up to 50 fiscal documents, each independently, in the given order", tag, scope: "documents:write",
  body: CreateDocumentBatchInput, response: CreateDocumentBatchResult, errorStatuses: [429],
  maxBodyBytes: 8 * 1024 * 1024,
  bodyItems: "documents",
  description: "Each item follows every rule of a single create and answers its own status: 201 with the document, or its error object. emit applies to the items that do not set their own. Each document counts against the rate limit.",
});
export const getDocumentContract = defineContract({
  method: "GET", path: "/v1/fiscal-documents/{id}", summary: "Fiscal document detail", tag, scope: "documents:read",
  params: DocumentIdParams, response: DocumentDetail, errorStatuses: [404],
});

export const updateDocumentContract = defineContract({
  method: "PATCH", path: "/v1/fiscal-documents/{id}", summary: "Edit a DRAFT or REJECTED document (the create body, in full)", tag, scope: "documents:write",
  params: DocumentIdParams, body: UpdateDocumentInput, response: DocumentSummary, errorStatuses: [404, 422],
  description:
    "Replaces the document's content with the body, validated, resolved and computed exactly as on create (same 400 and 422 answers). " +
    "The document keeps its id, status and type; once numbered (a REJECTED document) also its series, number, environment and access key, so it is re-emitted under the number it reserved. " +
    "Without issueDateTime a numbered document keeps its issue date; a date outside the month of its access key is 400. emit true is 400: emit with POST …/emit. " +
    "Any status other than DRAFT or REJECTED answers 422 document_not_editable.",
});

export const deleteDocumentContract = defineContract({
  method: "DELETE", path: "/v1/fiscal-documents/{id}", summary: "Delete a draft (never numbered nor sent)", tag, scope: "documents:write",
  params: DocumentIdParams, successStatus: 204, errorStatuses: [404, 422],
  description: "Only DRAFT documents; any other status answers 422 invalid_status (void a rejected number by inutilization, an authorized document by cancellation).",
});

export const documentContracts = [listDocumentsContract, createDocumentContract, createDocumentBatchContract, getDocumentContract, updateDocumentContract, deleteDocumentContract];
