import { loadTable, type FiscalTableName, type TableEntry } from "./load-tables";
import { textStems, wordStem } from "./word-stem";

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

type RankedMatch = { match: TableMatch; score: number; order: number };

/** Stems of an entry's description and detail, computed once per entry (the NCM has 10,515 leaves). */
const stemCache = new WeakMap<TableEntry, { description: string[]; detail: string[]; haystack: string }>();
function entryStems(entry: TableEntry) {
  let stems = stemCache.get(entry);
  if (!stems) {
    const haystack = normalize(`${entry.code} ${entry.description} ${entry.detail ?? ""}`);
    stems = { description: textStems(entry.description), detail: textStems(`${entry.code} ${entry.detail ?? ""}`), haystack };
    stemCache.set(entry, stems);
  }
  return stems;
}

/**
 * How well one typed word matches an entry: a whole word of the description
 * (plural or singular, with or without accents) 6, 7 when the description
 * starts with it ("Pão de forma"); a word of the description starting with it
 * 4 (5 first); a whole word of the context 3; a context word starting with it
 * 2; only inside a word ("pão" in "japão") 0; undefined when absent.
 */
function wordScore(word: string, stem: string, entry: TableEntry): number | undefined {
  const { description, detail, haystack } = entryStems(entry);
  const whole = description.indexOf(stem);
  if (whole >= 0) return whole === 0 ? 7 : 6;
  const prefix = description.findIndex((token) => token.startsWith(stem) || token.startsWith(word));
  if (prefix >= 0) return prefix === 0 ? 5 : 4;
  if (detail.includes(stem)) return 3;
  if (detail.some((token) => token.startsWith(stem) || token.startsWith(word))) return 2;
  return haystack.includes(word) ? 0 : undefined;
}

/**
 * Entries matching every word of `q` in code, description or detail; a code
 * typed with punctuation ("5.102", "2203.00.00") matches by its digits. Codes
 * starting with the typed digits come first; then words: whole words of the
 * description first, accent- and plural-tolerant ("pães" finds "Pão de forma"),
 * then words starting with what was typed, then the context's words, and last
 * a match inside another word ("japão"); a description that starts with the
 * word first; ties in table order (the official order an accountant knows).
 */
export function searchTable(name: FiscalTableName, search: TableSearch = {}): TableMatch[] {
  const limit = Math.min(Math.max(search.limit ?? 30, 1), 100);
  const words = normalize(search.q ?? "").split(/\s+/).filter(Boolean);
  const stems = words.map(wordStem);
  const digits = (search.q ?? "").replace(/[.\-/\s]/g, "");
  const codeQuery = /^\d+$/.test(digits) ? digits : null;
  const byCode: TableMatch[] = [];
  const byText: RankedMatch[] = [];
  let order = 0;
  for (const entry of loadTable(name)) {
    if (!passesFilters(entry, search)) continue;
    const match = { code: entry.code, description: entry.description, detail: entry.detail ?? null };
    if (codeQuery && entry.code.startsWith(codeQuery)) {
      byCode.push(match);
      if (byCode.length >= limit) break;
      continue;
    }
    if (words.length === 0) {
      byText.push({ match, score: 0, order: order++ });
      continue;
    }
    let score = 0;
    let all = true;
    for (let i = 0; i < words.length && all; i++) {
      const found = wordScore(words[i]!, stems[i]!, entry);
      if (found === undefined) all = false;
      else score += found;
    }
    if (all) byText.push({ match, score, order: order++ });
  }
  byText.sort((a, b) => b.score - a.score || a.order - b.order);
  return [...byCode, ...byText.map((ranked) => ranked.match)].slice(0, limit);
}
