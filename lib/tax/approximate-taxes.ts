import type { Decimal } from "decimal.js";
import { dec } from "./decimal";
import type { ItemTaxes } from "./tax-shapes";

/**
 * The approximate tax burden of a line (vTotTrib, Lei 12.741/2012) when the
 * company has no IBPT table: the taxes the document itself carries on it —
 * own ICMS, ICMS-ST, the DIFAL shares, IPI, PIS and COFINS. The law asks for
 * the approximate total of federal, state and municipal taxes on the price;
 * what the sale itself bears is the lower bound of it and, unlike zero, never
 * understates a sale that does carry taxes. IBS/CBS of 2026 are left out: they
 * are informative (test rates, not collected) until 2027.
 */
export function approximateLineTaxes(taxes: Pick<ItemTaxes, "icms" | "ipi" | "pis" | "cofins" | "difal">): Decimal {
  const amounts = [taxes.icms?.amount, taxes.icms?.st?.amount, taxes.difal?.fcpAmount, taxes.difal?.destinationAmount, taxes.difal?.originAmount, taxes.ipi?.amount, taxes.pis?.amount, taxes.cofins?.amount];
  return amounts.reduce((total: Decimal, amount) => (amount ? total.plus(dec(amount)) : total), dec(0));
}
