import { loadTable, type FiscalTableName, type TableEntry } from "./load-tables";

export type TableSearch = {
  q?: string;
  /** CFOP: INTERNAL, INTERSTATE or EXPORT; direction OUT (default) or IN. */
  operation?: string;
  direction?: "IN" | "OUT";
  /** CEST: only the codes whose NCM/SH prefixes cover this NCM. */
  ncm?: string;
  /** cClassTrib: only the classifications of this IBS/CBS CST. */
  cst?: string;
  /** Municipalities: only those of this state (UF). */
  uf?: string;
  limit?: number;
};

export type TableMatch = { code: string; description: string; detail: string | null };

/** Lower case without accents, so "credito" finds "Crédito". */
export function normalize(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

function passesFilters(entry: TableEntry, search: TableSearch): boolean {
  const f = entry.filters ?? {};
  if (search.operation && f.operation !== undefined && f.operation !== search.operation) return false;
  if (f.direction !== undefined && f.direction !== (search.direction ?? "OUT")) return false;
  if (search.ncm && Array.isArray(f.ncmPrefixes)) {
    const ncm = search.ncm.replace(/\D/g, "");
    if (!f.ncmPrefixes.some((prefix) => ncm.startsWith(prefix))) return false;
  }
  if (search.cst && f.cst !== undefined && f.cst !== search.cst) return false;
  if (search.uf && f.uf !== undefined && f.uf !== search.uf) return false;
  return true;
}

/**
 * Entries matching every word of `q` in code, description or detail; a code
 * typed with punctuation ("5.102", "2203.00.00") matches by its digits. Codes
 * starting with the typed digits come first, then table order.
 */
export function searchTable(name: FiscalTableName, search: TableSearch = {}): TableMatch[] {
  const limit = Math.min(Math.max(search.limit ?? 30, 1), 100);
  const words = normalize(search.q ?? "").split(/\s+/).filter(Boolean);
  const digits = (search.q ?? "").replace(/[.\-/\s]/g, "");
  const codeQuery = /^\d+$/.test(digits) ? digits : null;
  const byCode: TableMatch[] = [];
  const byText: TableMatch[] = [];
  for (const entry of loadTable(name)) {
    if (!passesFilters(entry, search)) continue;
    const match = { code: entry.code, description: entry.description, detail: entry.detail ?? null };
    if (codeQuery && entry.code.startsWith(codeQuery)) {
      byCode.push(match);
      continue;
    }
    const haystack = normalize(`${entry.code} ${entry.description} ${entry.detail ?? ""}`);
    if (words.every((word) => haystack.includes(word))) byText.push(match);
    if (byCode.length >= limit) break;
  }
  return [...byCode, ...byText].slice(0, limit);
}
