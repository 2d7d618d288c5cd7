import type { Decimal } from "decimal.js";
import { money, percentOf, rate } from "./decimal";
import type { IbsCbsAmounts } from "./tax-shapes";

// IBS/CBS (LC 214/2025, NT 2025.002). In 2026 the rates are the test rates of
// art. 343 and 346 (CBS 0.9 %, state IBS 0.1 %, municipal IBS 0 %). The base
// is the line's operation value (vProd + vFrete − vDesc); in 2026 neither
// ICMS, ISS, PIS nor COFINS is deducted from it (see README, API notes).
export const IBS_CBS_2026_RATES = { cbsRate: "0.9", ibsStateRate: "0.1", ibsMunicipalRate: "0" } as const;

/**
 * CSTs whose row in the official CST table (Informe Técnico 2025.002, version
 * 2026-06-22, column ind_gIBSCBS) requires the gIBSCBS group: only these lines
 * carry amounts. Others (400 exemption, 410 immunity, 620 monophasic, 800/810
 * credit transfers, 811, 820) never carry it (SEFAZ 1021) and would need groups
 * we do not build.
 */
export const CST_REQUIRING_GIBSCBS: ReadonlySet<string> = new Set(["000", "010", "011", "200", "220", "221", "222", "510", "515", "550", "830"]);

export function ibsCbsCarriesAmounts(cst: string): boolean {
  return CST_REQUIRING_GIBSCBS.has(cst);
}

export function computeIbsCbsAmounts(base: Decimal, rates: { ibsStateRate: Decimal; ibsMunicipalRate: Decimal; cbsRate: Decimal }): IbsCbsAmounts {
  const state = percentOf(base, rates.ibsStateRate);
  const municipal = percentOf(base, rates.ibsMunicipalRate);
  const cbs = percentOf(base, rates.cbsRate);
  return {
    base: money(base),
    ibsStateRate: rate(rates.ibsStateRate),
    ibsStateAmount: money(state),
    ibsMunicipalRate: rate(rates.ibsMunicipalRate),
    ibsMunicipalAmount: money(municipal),
    ibsAmount: money(state.plus(municipal)),
    cbsRate: rate(rates.cbsRate),
    cbsAmount: money(cbs),
  };
}
