import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { referencePath } from "@/lib/fiscal/xml/reference-path";

// The national service list (Anexo B, cTribNac, 6 digits) vendored under
// lib/fiscal/reference/data/nfse: its codes are what the simulator accepts
// (E0310) and its descriptions are the NFS-e's xTribNac.

let services: Map<string, string> | null = null;

function load(): Map<string, string> {
  if (services) return services;
  const rows = parse(fs.readFileSync(referencePath("data", "nfse", "servicos-nacionais.csv"), "utf8"), { columns: true, skip_empty_lines: true, bom: true }) as { ctribnac: string; descricao: string }[];
  services = new Map(rows.map((row) => [row.ctribnac, row.descricao]));
  return services;
}

/** Description of a national service code, or null when the list has no such code. */
export function nationalServiceDescription(code: string): string | null {
  return load().get(code) ?? null;
}
