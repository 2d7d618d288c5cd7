import { defineContract } from "@/lib/api/contract";
import { pageSchema } from "@/lib/api/pagination";
import { DocumentDetail, DocumentSummary } from "./response-schemas";
import { CreateDocumentInput, DocumentIdParams, ListDocumentsQuery, UpdateDocumentInput } from "./schemas";

const tag = "Fiscal documents";

export const listDocumentsContract = defineContract({
  method: "GET", path: "/v1/fiscal-documents", summary: "List fiscal documents, newest first", tag, scope: "documents:read",
  query: ListDocumentsQuery, response: pageSchema(DocumentSummary),
  description: "environment defaults to PRODUCTION; ALL lists both environments.",
});
export const createDocumentContract = defineContract({
  method: "POST", path: "/v1/fiscal-documents", summary: "Create a fiscal document (DRAFT, or PROCESSING with emit true)", tag, scope: "documents:write",
  body: CreateDocumentInput, response: DocumentSummary, successStatus: 201, errorStatuses: [422, 429, 503],
  description: "Taxes are resolved field by field (item, tax rule, product, template, company) and computed at creation.",
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

export const documentContracts = [listDocumentsContract, createDocumentContract, getDocumentContract, updateDocumentContract, deleteDocumentContract];
