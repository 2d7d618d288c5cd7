export { createDocument, DEFAULT_OPERATION_NATURE } from "./create-document";
export { listDocuments, type DocumentListFilters } from "./list-documents";
export { getDocument, findDocumentRecord } from "./get-document";
export { deleteDraftDocument } from "./delete-draft";
export { ClientSnapshot, snapshotClient, describeRecipient } from "./client-snapshot";
export { documentContracts } from "./contracts";
export * from "./schemas";
export * from "./response-schemas";
