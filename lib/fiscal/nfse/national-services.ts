import { codeDescription } from "@/lib/fiscal-tables/code-description";

// The national service list (Anexo B v1.01, cTribNac, 6 digits) and NBS 2.0
// (sheet LISTA.NBS_v2.0 of the same Anexo B, cNBS, 9 digits) are the files
// under lib/fiscal-tables/data (provenance in SOURCES.md) that the dashboard's
// pickers search: their codes are what the settings check, the emission
// prerequisites and the simulator accept (E0310, E0316); the service
// descriptions are the NFS-e's xTribNac.

/** Description of a national service code, or null when the list has no such code. */
export function nationalServiceDescription(code: string): string | null {
  return codeDescription("nfse-service", code);
}

/** Whether `code` is a 9-digit NBS 2.0 code valid in a DPS's cNBS (999999999 included: it has no description). */
export function isValidNbsCode(code: string): boolean {
  return codeDescription("nbs", code) !== null;
}
