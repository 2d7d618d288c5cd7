import type { PaulistanaLayout } from "./types";

// Which layout São Paulo takes for an RPS, by the RPS's date (the fato gerador):
// - the city's developer page lists the version-1 schema set for "NFS-e emitidas a partir de
//   23/02/2015 (fato gerador até 31/12/2025)" and a separate set "Reforma tributária 2026"
//   (SP-DEV); the city's notice with the Manual v3.2 (published 15/08/2025, quoted by the press)
//   says the NFS-e carries the IBS/CBS fields from 01/01/2026; version 1 stays open in 2026 only
//   to Simples Nacional providers (SP-CLIENT, refusal 641).
// We send layout 2 for every RPS dated from that day (every regime: the IBS/CBS group is
// declared by all, the city computes the amounts), layout 1 before it.

export const PAULISTANA_LAYOUT_2_FROM = "2026-01-01";

export function paulistanaLayoutOn(issueDate: string): PaulistanaLayout {
  return issueDate.slice(0, 10) >= PAULISTANA_LAYOUT_2_FROM ? 2 : 1;
}
