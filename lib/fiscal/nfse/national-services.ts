import fs from "node:fs";
import { referencePath } from "@/lib/fiscal/xml/reference-path";

// The national service list (Anexo B, cTribNac, 6 digits) vendored under
// lib/fiscal/reference/data/nfse: its codes are what the simulator accepts
// (E0310) and its descriptions are the NFS-e's xTribNac.

let services: Map<string, string> | null = null;

/** One CSV line with quoted fields ("a, b" and "" escapes). */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      current += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === "," && !quoted) {
      out.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  out.push(current);
  return out;
}

function load(): Map<string, string> {
  if (services) return services;
  const lines = fs.readFileSync(referencePath("data", "nfse", "servicos-nacionais.csv"), "utf8").split(/\r?\n/).slice(1);
  services = new Map(lines.filter(Boolean).map((line) => fields(line)).map(([code, , , description]) => [code!, description!]));
  return services;
}

/** Description of a national service code, or null when the list has no such code. */
export function nationalServiceDescription(code: string): string | null {
  return load().get(code) ?? null;
}
