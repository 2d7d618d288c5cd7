import { dec } from "../decimal";

// ICMS rates by state, dated. Source: shared/fiscal/data/tables/icms, vendored
// beside this file (icms-interestadual.json, icms-aliquotas-internas-uf.csv),
// compiled from Res. SF 22/1989, Res. SF 13/2012 and each state's law as known
// in 2025; the matrix was checked against OCA/l10n-brazil l10n_br_fiscal
// icms_tax_definition data (commit 9fb1c9c547ed). compute-difal.test.ts checks
// this code against both files. The table says itself it must be checked against each
// SEFAZ before production use: a change is one new row with its start date.

/** General (modal) internal ICMS rate without FCP: the pICMSUFDest default of the DIFAL. */
export const INTERNAL_ICMS_RATES: ReadonlyArray<{ uf: string; rate: string; since: string | null }> = [
  { uf: "AC", rate: "19", since: null },
  { uf: "AL", rate: "19", since: null },
  { uf: "AM", rate: "20", since: null },
  { uf: "AP", rate: "18", since: null },
  { uf: "BA", rate: "20.5", since: null },
  { uf: "CE", rate: "20", since: null },
  { uf: "DF", rate: "20", since: null },
  { uf: "ES", rate: "17", since: null },
  { uf: "GO", rate: "19", since: null },
  { uf: "MA", rate: "22", since: null },
  { uf: "MA", rate: "23", since: "2025-02-23" },
  { uf: "MG", rate: "18", since: null },
  { uf: "MS", rate: "17", since: null },
  { uf: "MT", rate: "17", since: null },
  { uf: "PA", rate: "19", since: null },
  { uf: "PB", rate: "20", since: null },
  { uf: "PE", rate: "20.5", since: null },
  { uf: "PI", rate: "21", since: null },
  { uf: "PI", rate: "22.5", since: "2025-04-01" },
  { uf: "PR", rate: "19.5", since: null },
  { uf: "RJ", rate: "20", since: null },
  { uf: "RN", rate: "18", since: null },
  { uf: "RN", rate: "20", since: "2025-03-20" },
  { uf: "RO", rate: "19.5", since: null },
  { uf: "RR", rate: "20", since: null },
  { uf: "RS", rate: "17", since: null },
  { uf: "SC", rate: "17", since: null },
  { uf: "SE", rate: "20", since: null },
  { uf: "SP", rate: "18", since: null },
  { uf: "TO", rate: "20", since: null },
];

/**
 * FCP (ADCT art. 82) that applies to every good of the state. Elsewhere the
 * FCP applies only to goods listed in state law, so it is not a default: it
 * comes from the product's taxation when set (none of our levels holds it yet).
 * RJ: FECP 2 % in general (Lei RJ 4.056/2002).
 */
export const GENERAL_FCP_RATES: Readonly<Record<string, string>> = { RJ: "2" };

/**
 * The FCP percentages a state applies (ADCT art. 82 and each state's law),
 * from the fcp_percentual column of icms-aliquotas-internas-uf.csv, as
 * [lowest, highest]; a state without FCP (AC, AP, PA, SC) has no entry. The
 * rules engine checks pFCP (cStat 874, issuer's state) and pFCPST (875,
 * recipient's state) against it: the official per-state FCP table of the NF-e
 * portal was not available (see that file's README).
 */
export const FCP_RATE_RANGES: Readonly<Record<string, readonly [string, string]>> = {
  AL: ["1", "2"], AM: ["1.5", "2"], BA: ["2", "2"], CE: ["2", "2"], DF: ["2", "2"], ES: ["2", "2"], GO: ["0", "2"], MA: ["2", "2"], MG: ["2", "2"], MS: ["0", "2"], MT: ["0", "2"], PB: ["2", "2"], PE: ["2", "2"], PI: ["1", "2"], PR: ["2", "2"], RJ: ["2", "4"], RN: ["2", "2"], RO: ["2", "2"], RR: ["0", "2"], RS: ["2", "2"], SE: ["1", "2"], SP: ["2", "2"], TO: ["2", "2"],
};

/**
 * States whose law computes the DIFAL of a sale to a non-contributor on the
 * "base dupla" (LC 190/2022 let each state define it; the tax is "por
 * dentro" at the destination's internal rate): the destination's base is the
 * operation value without the origin's ICMS, grossed up by the internal rate
 * (FCP included). Dated rows: a change is a new row. Only states whose law we
 * could read are listed; others keep the single base (EC 87/2015, Conv. ICMS
 * 93/2015). To be checked against each SEFAZ before production, as the rates.
 */
export const DIFAL_DOUBLE_BASE: ReadonlyArray<{ uf: string; since: string; until: string | null; source: string }> = [
  // Art. 17 XI: the value of the operation "no Estado de destino" for the tax due to it, with the tax in its own base (§ 1º I); art. 4º XVI (non-contributor).
  // Checked: the law's number, dates, effect and the text of art. 4º XVI (the law as published, reproduced by substituicaotributaria.com, 31/12/2021);
  // the wording of art. 17 XI and § 6º was not in the sources at hand (docs/api-notes/sefaz-rules.md, "DIFAL base dupla: sources").
  { uf: "BA", since: "2021-12-31", until: null, source: "Lei BA 14.415 de 30/12/2021 (DO-BA 31/12/2021, effects from 31/12/2021), amending Lei BA 7.014/1996: art. 4º XVI (interstate sale to a non-contributor in BA) and art. 17 XI and § 6º (base of the DIFAL)" },
];

/** Whether the destination computes the non-contributor DIFAL on the base dupla on that date (YYYY-MM-DD). */
export function usesDifalDoubleBase(uf: string, onDate: string): boolean {
  return DIFAL_DOUBLE_BASE.some((row) => row.uf === uf && row.since <= onDate && (row.until === null || onDate <= row.until));
}

/** Res. SF 22/1989: South and Southeast except ES. */
const SOUTH_SOUTHEAST_EXCEPT_ES = new Set(["MG", "PR", "RJ", "RS", "SC", "SP"]);
/** Res. SF 13/2012: imported goods (and national goods with more than 40 % imported content). */
const IMPORTED_ORIGINS = new Set(["1", "2", "3", "8"]);

/** The interstate ICMS rate (percent) of an operation from one state to another for a good of this origin. */
export function interstateIcmsRate(fromUf: string, toUf: string, origin: string): string {
  if (IMPORTED_ORIGINS.has(origin)) return "4";
  return SOUTH_SOUTHEAST_EXCEPT_ES.has(fromUf) && !SOUTH_SOUTHEAST_EXCEPT_ES.has(toUf) ? "7" : "12";
}

/** The internal rate of a state on a date (YYYY-MM-DD): the latest row that started on or before it. */
export function internalIcmsRate(uf: string, onDate: string): string | null {
  const rows = INTERNAL_ICMS_RATES.filter((row) => row.uf === uf && (row.since === null || row.since <= onDate));
  return rows.length === 0 ? null : rows[rows.length - 1]!.rate;
}

export function generalFcpRate(uf: string): string | null {
  return GENERAL_FCP_RATES[uf] ?? null;
}

/** Whether a state applies this FCP percentage (within its range); false where it has no FCP. */
export function isFcpRateOfState(uf: string, percent: string): boolean {
  const range = FCP_RATE_RANGES[uf];
  if (!range) return false;
  const value = dec(percent);
  return value.greaterThanOrEqualTo(range[0]) && value.lessThanOrEqualTo(range[1]);
}
