import { defineContract } from "@/lib/contracts/contract";
import { DocumentSummary } from "@/lib/documents/response-schemas";
import { ImportDocumentInput, MAX_IMPORT_XML_CHARS } from "./schemas";

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

export const importContracts = [importDocumentContract];
