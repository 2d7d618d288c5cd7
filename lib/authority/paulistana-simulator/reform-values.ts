import { computeIbsCbsAmounts, ibsCbsCarriesAmounts, rateReductionsOf } from "@/lib/tax/compute-ibs-cbs";
import { IBS_CBS_CLASSES } from "@/lib/tax/data/ibs-cbs-classifications";
import { reformRatesOn } from "@/lib/tax/data/reform-rates";
import { dec } from "@/lib/tax/decimal";
import { el, group } from "@/lib/fiscal/xml/xml-text";

// What the city computes of a layout-2 RPS (TiposNFe_v02.xsd tpRetornoComplementarIBSCBS): the
// IBS/CBS are declared by class (cClassTrib) and the city works out base, rates and amounts. The
// simulator uses the same law as our own totals (lib/tax: the dated rates of LC 214/2025 arts.
// 343/346 for 2026 and the class's reductions), base = ValorInicialCobrado − ValorDeducoes.
// A class whose CST carries no amounts (exemption, immunity…) or a date without fixed rates
// returns the base only. tpValor has 2 decimals: rates are printed as 0.90, 0.10.

const two = (value: string) => dec(value).toFixed(2);

export function cClassTribKnown(cClassTrib: string): boolean {
  return Boolean(IBS_CBS_CLASSES[cClassTrib]);
}

/** RetornoComplementarIBSCBS for the RPS's class, value and date; "" for an unknown class. */
export function complementaryIbsCbs(input: { cClassTrib: string; initialValue: string; deductions: string; issueDate: string }): string {
  const row = IBS_CBS_CLASSES[input.cClassTrib];
  if (!row) return "";
  const base = dec(input.initialValue).minus(dec(input.deductions));
  const rates = reformRatesOn(input.issueDate);
  if (!ibsCbsCarriesAmounts(row.cst) || !rates?.ibsStateRate || !rates.ibsMunicipalRate || !rates.cbsRate) {
    return group("RetornoComplementarIBSCBS", el("ValorBCIBSCBS", base.toFixed(2)));
  }
  const reductions = rateReductionsOf(row.cst, input.cClassTrib);
  const a = computeIbsCbsAmounts(base, { ibsStateRate: dec(rates.ibsStateRate), ibsMunicipalRate: dec(rates.ibsMunicipalRate), cbsRate: dec(rates.cbsRate) }, reductions);
  return group(
    "RetornoComplementarIBSCBS",
    el("ValorBCIBSCBS", a.base) +
      el("ValorAliqEstadualIBS", two(a.ibsStateRate)) + el("ValorEstadualIBS", a.ibsStateAmount) +
      el("ValorAliqMunicipalIBS", two(a.ibsMunicipalRate)) + el("ValorMunicipalIBS", a.ibsMunicipalAmount) +
      el("ValorIBS", a.ibsAmount) +
      el("ValorAliqCBS", two(a.cbsRate)) + el("ValorCBS", a.cbsAmount),
  );
}
