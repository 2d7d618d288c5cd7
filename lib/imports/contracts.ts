import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { ErrorObject } from "@/lib/contracts/error-object";
import { DocumentSummary } from "@/lib/documents/response-schemas";
import { ImportDocumentBatchInput, ImportDocumentInput, MAX_IMPORT_BATCH_DOCUMENTS, MAX_IMPORT_XML_CHARS, MAX_IMPORT_ZIP_BASE64_CHARS } from "./schemas";

export const ImportDocumentBatchResult = z.object({
  results: z.array(
    z.union([
      z.object({ index: z.number().int(), file: z.string().optional(), status: z.literal(201), document: DocumentSummary }),
      z.object({ index: z.number().int(), file: z.string().optional(), status: z.number().int(), error: ErrorObject }),
    ]),
  ),
});

export const importDocumentContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/import",
  summary: "Import an NF-e/NFC-e the company issued through another system (authorized nfeProc)",
  description:
    "Checks the nfeProc against procNFe_v4.00.xsd, the emitter's signature, protNFe (cStat 100 or 150, chNFe and digVal of this document) and the emitter CNPJ (the company's own; alphanumeric CNPJs included), consults the authority (NFeConsultaProtocolo4) and stores the document AUTHORIZED, or CANCELLED when a cancellation (110111) is registered, with its events. The series' next number moves past the imported number. From then on it is cancelled, corrected (CC-e) and downloaded like any other document. Answers 201 with the document summary and emits document.imported. 422 import_invalid_document (schema, signature, protocol), import_other_company, import_environment_mismatch, duplicate_access_key, import_number_in_use, import_not_at_authority; 503 authority_unavailable.",
  tag: "Fiscal documents",
  scope: "documents:write",
  body: ImportDocumentInput,
  response: DocumentSummary,
  successStatus: 201,
  errorStatuses: [404, 422, 503],
  maxBodyBytes: MAX_IMPORT_XML_CHARS + 8 * 200_000 + 64 * 1024,
});

export const importDocumentBatchContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/import/batch",
  summary: `Import up to ${MAX_IMPORT_BATCH_DOCUMENTS} documents issued elsewhere, each independently (a list, or a ZIP of XML files)`,
  description:
    "documents: import bodies as POST /v1/fiscal-documents/import takes them; or zip: a ZIP archive (base64, up to 8 MB) of nfeProc files and, optionally, procEventoNFe files of them (matched by chNFe). Each item follows every rule of a single import and answers its own status (201 with the document, or its error object), with the file name for a ZIP; an XML file that is neither is answered as an invalid import. 422 import_invalid_document for an unreadable archive or more than 50 documents.",
  tag: "Fiscal documents",
  scope: "documents:write",
  body: ImportDocumentBatchInput,
  response: ImportDocumentBatchResult,
  errorStatuses: [422],
  maxBodyBytes: MAX_IMPORT_XML_CHARS * 4 + MAX_IMPORT_ZIP_BASE64_CHARS,
  bodyItems: "documents",
});

export const importContracts = [importDocumentContract, importDocumentBatchContract];

// The dashboard's import screen (documents → Importar XML): the batch body, answered the same way.
export const dashboardImportDocumentsContract = defineContract({
  method: "POST",
  path: "/api/dashboard/companies/{companyId}/documents/import",
  summary: "Import documents issued elsewhere (XML or ZIP), each independently",
  tag: "Dashboard: documents",
  scope: null,
  params: z.object({ companyId: z.string().min(1) }),
  body: ImportDocumentBatchInput,
  response: ImportDocumentBatchResult,
  errorStatuses: [422],
  maxBodyBytes: importDocumentBatchContract.maxBodyBytes,
  bodyItems: "documents",
});
