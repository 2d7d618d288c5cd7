import Decimal from "decimal.js";
import { CST_REQUIRING_DEFERRAL, CST_REQUIRING_GRED, IBS_CBS_CLASSES, RATE_REDUCTIONS, REGULAR_TAXATION_CLASSES } from "./data/ibs-cbs-classifications";
import { dec, Dec, money, percentOf, rate } from "./decimal";
import type { IbsCbsAmounts } from "./tax-shapes";
import { TaxationError } from "./taxation-error";

// IBS/CBS (LC 214/2025, NT 2025.002). The rates come by issue date from the
// dated table lib/tax/data/reform-rates.ts (2026: the test rates of arts. 343
// and 346; 2027–2028: art. 344 and the CBS in full). The base is the line's
// operation value (vProd + vFrete − vDesc); neither ICMS, ISS, PIS nor COFINS
// is deducted from it (see README, API notes).

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

export type IbsCbsRates = { ibsStateRate: Decimal; ibsMunicipalRate: Decimal; cbsRate: Decimal };
/** Reductions (percent) of the IBS rates (state and municipal) and of the CBS rate. */
export type IbsCbsReductions = { ibs: Decimal; cbs: Decimal };

/**
 * The reductions a line must declare in gRed: those of its cClassTrib when its
 * CST requires gRed (011, 200, 515), null otherwise. A class that is not one of
 * that CST cannot be computed (SEFAZ 1024/1034).
 */
export function rateReductionsOf(cst: string, cClassTrib: string | null): IbsCbsReductions | null {
  const problem = ibsCbsClassificationProblem(cst, cClassTrib);
  if (problem) throw new TaxationError(problem);
  const row = cClassTrib ? RATE_REDUCTIONS[cClassTrib] : undefined;
  return row && CST_REQUIRING_GRED.has(cst) ? { ibs: dec(row.ibs), cbs: dec(row.cbs) } : null;
}

/**
 * Why a CST/cClassTrib pair can never pass SEFAZ as we issue it, or null: a
 * CST requiring gRed without a class of that CST (1024/1034), a class outside
 * the official table (1023), of another CST (1024) or not allowed on the
 * model (1025), a class requiring gTribRegular (1065) or a CST requiring gDif
 * (1030): we write neither group. Without a model, 1025 is not checked.
 */
export function ibsCbsClassificationProblem(cst: string, cClassTrib: string | null | undefined, model?: "NFE" | "NFCE"): string | null {
  if (CST_REQUIRING_GRED.has(cst)) {
    const reduction = cClassTrib ? RATE_REDUCTIONS[cClassTrib] : undefined;
    if (!reduction || reduction.cst !== cst) return `IBS/CBS CST ${cst} needs a cClassTrib of that CST from the official table (got ${cClassTrib ?? "none"})`;
  }
  if (cClassTrib) {
    const row = IBS_CBS_CLASSES[cClassTrib];
    if (!row) return `IBS/CBS cClassTrib ${cClassTrib} is not in the official table`;
    if (row.cst !== cst) return `IBS/CBS cClassTrib ${cClassTrib} belongs to CST ${row.cst}, not to CST ${cst}`;
    if ((model === "NFE" && !row.nfe) || (model === "NFCE" && !row.nfce)) return `IBS/CBS cClassTrib ${cClassTrib} may not be used on an ${model === "NFE" ? "NF-e" : "NFC-e"} (official table)`;
    if (REGULAR_TAXATION_CLASSES.has(cClassTrib)) return `IBS/CBS cClassTrib ${cClassTrib} requires the regular-taxation group (gTribRegular), which is not issued`;
  }
  return CST_REQUIRING_DEFERRAL.has(cst) ? `IBS/CBS CST ${cst} requires the deferral group (gDif), which is not issued` : null;
}

/** pAliqEfet = rate × (1 − pRedAliq / 100), to 4 places (NT 2025.002 UB28-10, UB47-10, UB66-10). */
export function effectiveRate(nominal: Decimal, reduction: Decimal): Decimal {
  return nominal.times(new Dec(100).minus(reduction)).dividedBy(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
}

export function computeIbsCbsAmounts(base: Decimal, rates: IbsCbsRates, reductions: IbsCbsReductions | null = null): IbsCbsAmounts {
  // With gRed the amounts are base × pAliqEfet (UB35-10, UB54-10, UB67-10, observação 2).
  const applied = (nominal: Decimal, reduction: Decimal | undefined) => (reduction === undefined ? nominal : effectiveRate(nominal, reduction));
  const state = percentOf(base, applied(rates.ibsStateRate, reductions?.ibs));
  const municipal = percentOf(base, applied(rates.ibsMunicipalRate, reductions?.ibs));
  const cbs = percentOf(base, applied(rates.cbsRate, reductions?.cbs));
  const reductionOf = (nominal: Decimal, reduction: Decimal) => ({ reductionRate: rate(reduction), effectiveRate: rate(effectiveRate(nominal, reduction)) });
  return {
    base: money(base),
    ibsStateRate: rate(rates.ibsStateRate),
    ibsStateAmount: money(state),
    ibsMunicipalRate: rate(rates.ibsMunicipalRate),
    ibsMunicipalAmount: money(municipal),
    ibsAmount: money(state.plus(municipal)),
    cbsRate: rate(rates.cbsRate),
    cbsAmount: money(cbs),
    // Only lines whose CST requires gRed carry the key (stored documents and API answers stay as they were otherwise).
    ...(reductions
      ? {
          reduction: {
            ibsState: reductionOf(rates.ibsStateRate, reductions.ibs),
            ibsMunicipal: reductionOf(rates.ibsMunicipalRate, reductions.ibs),
            cbs: reductionOf(rates.cbsRate, reductions.cbs),
          },
        }
      : {}),
  };
}
