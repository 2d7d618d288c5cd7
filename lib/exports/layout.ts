import { brazilParts } from "./period";
import type { ExportedInutilization } from "./walk-documents";

// Where each file goes in the ZIP: a folder per document type and Brazil-time month
// (NFe/2026-11/), the file names of the download routes (access key based), so a file
// taken from the ZIP and one downloaded by the API have the same name and bytes.

export const TYPE_FOLDERS: Record<string, string> = { NFE: "NFe", NFCE: "NFCe", NFSE: "NFSe", MDFE: "MDFe" };
const MODEL_FOLDERS: Record<string, string> = { "55": "NFe", "65": "NFCe" };

export function documentFolder(type: string, issuedAt: Date): string {
  return `${TYPE_FOLDERS[type] ?? type}/${brazilParts(issuedAt).month}/`;
}

/** ProcInutNFe named by its official Id (cUF, year, CNPJ, model, series, first and last number), beside the model's documents. */
export function inutilizationEntry(inutilization: ExportedInutilization, fallbackDate: Date): string {
  const id = /<infInut[^>]*\sId="ID(\d+)"/.exec(inutilization.responseXml ?? "")?.[1];
  const name = id ? `${id}-procInutNFe.xml` : `inut-${inutilization.model}-${inutilization.series}-${inutilization.startNumber}-${inutilization.endNumber}-procInutNFe.xml`;
  return `${MODEL_FOLDERS[inutilization.model] ?? inutilization.model}/${brazilParts(inutilization.inutilizationDate ?? fallbackDate).month}/${name}`;
}

/** The download name of an export's ZIP: company CNPJ and period. */
export function exportFileName(cnpj: string, from: string, to: string): string {
  return `fiscal-${cnpj}-${from}-a-${to}.zip`;
}
