import { loadTable } from "@/lib/fiscal-tables/load-tables";

// The national service list (Anexo B v1.01, cTribNac, 6 digits) is the one
// under lib/fiscal-tables/data (provenance in SOURCES.md), the same file the
// dashboard's picker searches: its codes are what the settings check and the
// simulator accept (E0310), its descriptions are the NFS-e's xTribNac.

let descriptions: Map<string, string> | null = null;

/** Description of a national service code, or null when the list has no such code. */
export function nationalServiceDescription(code: string): string | null {
  descriptions ??= new Map(loadTable("nfse-service").map((entry) => [entry.code, entry.description]));
  return descriptions.get(code) ?? null;
}
