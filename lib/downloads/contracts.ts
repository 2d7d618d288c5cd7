import { defineContract } from "@/lib/api/contract";
import { DocumentDanfeQuery, DocumentIdParams, DocumentXmlQuery } from "./schemas";

export const documentXmlContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-documents/{id}/xml",
  summary: "Download the authorized (nfeProc) or signed XML",
  description: "type=authorized (default) is the nfeProc; type=signed the signed NFe. download=true sends Content-Disposition attachment (file <accessKey>-nfe.xml). 404 document_not_available when the document has no such XML.",
  tag: "Fiscal documents",
  scope: "documents:read",
  params: DocumentIdParams,
  query: DocumentXmlQuery,
  responseContentType: "application/xml",
  errorStatuses: [404],
});

export const documentDanfeContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-documents/{id}/danfe",
  summary: "Download the DANFE (PDF) of an authorized NF-e or NFC-e",
  description: "Rendered from the authorized XML: A4 DANFE for NFE, 80 mm DANFE NFC-e with QR code for NFCE; HOMOLOGATION prints SEM VALOR FISCAL, a cancelled document CANCELADA. 404 document_not_available when the document is not authorized.",
  tag: "Fiscal documents",
  scope: "documents:read",
  params: DocumentIdParams,
  query: DocumentDanfeQuery,
  responseContentType: "application/pdf",
  errorStatuses: [404, 500],
});

export const downloadContracts = [documentXmlContract, documentDanfeContract];
