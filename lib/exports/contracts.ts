import { defineContract } from "@/lib/contracts/contract";
import { CreateExportInput, CreateExportResponse, ExportIdParams, ExportPage, ExportRecord, ListExportsQuery, SignedDownloadQuery } from "./schemas";

// Exports for the accountant (issue 39 item 3; docs/api-notes/exports.md). The spec does not
// name them: scope documents:read (an export only reads documents the key can already download).

const tag = "Exports";

export const EXPORT_DESCRIPTION =
  "A ZIP of the company's documents issued from `from` to `to` (calendar days in Brazil time, at most 366): folders by document type and month (NFe/2026-11/, NFCe/…, NFSe/…), " +
  "each AUTHORIZED, CANCELLED or DENIED document's XML under its download name (<accessKey>-nfe.xml, the exact bytes of GET /v1/fiscal-documents/{id}/xml), with include.pdf its DANFE/DANFSe (not for DENIED), " +
  "with include.events its registered events beside it (procEventoNFe <accessKey>-nfe-canc-01.xml, -cce-, -entrega-) and the events registered in the period of documents issued before it (in their document's folder, listed in resumo.csv after the totals), with include.inutilizations the authorized ProcInutNFe of the period (<Id>-procInutNFe.xml), " +
  "and resumo.csv (UTF-8 with BOM, ';', decimal comma): one line per document by model, series and number (type, series, number, key, issue date, status, recipient, total, authorization, protocol, natureza da operação, CFOPs, ICMS/ST/IPI/PIS/COFINS/IBS/CBS/ISS totals; keys, CNPJs and protocols as text cells), then the count and total per status with the valid (authorized) total, totals per CFOP and the inutilized ranges. " +
  "include.received adds the NF-e and NFS-e received from suppliers whose full XML has arrived, under Recebidas/NFe/<month>/ and Recebidas/NFSe/<month>/ with the received XML download's name and bytes (not in resumo.csv). environment defaults to the company's. Built in the background: 202 with the id; follow GET /v1/exports/{id}. " +
  "Exports expire 7 days after creation. 429 rate_limited when the company has 3 exports waiting or building.";

export const createExportContract = defineContract({
  method: "POST",
  path: "/v1/exports",
  summary: "Export a period's XMLs, events, inutilizations and resumo.csv as a ZIP (built in the background)",
  description: EXPORT_DESCRIPTION,
  tag,
  scope: "documents:read",
  body: CreateExportInput,
  response: CreateExportResponse,
  successStatus: 202,
  errorStatuses: [429, 503],
});

export const listExportsContract = defineContract({
  method: "GET",
  path: "/v1/exports",
  summary: "List the company's exports, newest first",
  tag,
  scope: "documents:read",
  query: ListExportsQuery,
  response: ExportPage,
});

export const getExportContract = defineContract({
  method: "GET",
  path: "/v1/exports/{id}",
  summary: "An export's status and progress (done/total entries, size in bytes)",
  description: "status QUEUED, RUNNING (progress.done of progress.total files written: documents, events of documents issued before the period, inutilizations, received NF-e), READY, FAILED (error says why) or EXPIRED (7 days after creation; the file is gone).",
  tag,
  scope: "documents:read",
  params: ExportIdParams,
  response: ExportRecord,
  errorStatuses: [404],
});

export const downloadExportContract = defineContract({
  method: "GET",
  path: "/v1/exports/{id}/download",
  summary: "Download an export's ZIP (streamed)",
  description: "409 export_not_ready before READY; 410 export_expired once expired.",
  tag,
  scope: "documents:read",
  params: ExportIdParams,
  responseContentType: "application/zip",
  errorStatuses: [404, 409, 410],
});

export const signedExportDownloadContract = defineContract({
  method: "GET",
  path: "/api/exports/{id}/download",
  summary: "Download an export's ZIP by the signed link of the accountant's e-mail (no login)",
  description: "The link the monthly e-mail carries (expires and an HMAC signature). 403 invalid_download_link when altered, 410 export_expired after its expiry.",
  tag,
  scope: null,
  params: ExportIdParams,
  query: SignedDownloadQuery,
  responseContentType: "application/zip",
  errorStatuses: [403, 404, 409, 410],
});

export const exportContracts = [createExportContract, listExportsContract, getExportContract, downloadExportContract];
