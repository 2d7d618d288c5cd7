// The import attribute lets Node's ESM loader (Playwright specs, tsx scripts) read the JSON too.
// The IBGE state table, copied unchanged from shared/fiscal/data/uf-ibge.json (lib/fiscal/reference/README.md).
import ufData from "./data/uf-ibge.json" with { type: "json" };

export type StateInfo = { cUF: string; uf: string; name: string; region: string; timezone: string };

export const STATES: StateInfo[] = (ufData as { ufs: StateInfo[] }).ufs;
export const STATE_CODES = STATES.map((s) => s.uf) as [string, ...string[]];

const byUf = new Map(STATES.map((s) => [s.uf, s]));

export function isStateCode(value: string): boolean {
  return byUf.has(value);
}

export function stateInfo(uf: string): StateInfo {
  const info = byUf.get(uf);
  if (!info) throw new Error(`Unknown state ${uf}`);
  return info;
}

/** The IBGE municipality code starts with the state's cUF. */
export function municipalityBelongsToState(municipalityCode: string, uf: string): boolean {
  return /^\d{7}$/.test(municipalityCode) && municipalityCode.startsWith(byUf.get(uf)?.cUF ?? "--");
}
