import type { Decimal } from "decimal.js";
import { money, percentOf, rate, ZERO } from "./decimal";
import type { IpiTaxes, PisCofinsTaxes } from "./tax-shapes";
import { TaxationError } from "./taxation-error";

// PIS/COFINS groups (MOC 4.00): PISAliq 01-02 (rate), PISQtde 03 (per unit),
// PISNT 04-09 (no amounts), PISOutr 49-99 (rate, which may be 0).
const PIS_COFINS_RATE = new Set(["01", "02"]);
const PIS_COFINS_NT = new Set(["04", "05", "06", "07", "08", "09"]);

/** PIS or COFINS of a line on its operation value; null when no CST was resolved. */
export function computePisCofins(name: "PIS" | "COFINS", cst: string | undefined, pct: Decimal | undefined, base: Decimal): PisCofinsTaxes | null {
  if (cst === undefined) return null;
  if (!/^\d{2}$/.test(cst)) throw new TaxationError(`${name} CST ${cst} must have 2 digits`);
  if (PIS_COFINS_NT.has(cst)) return { cst, base: null, rate: null, amount: null };
  if (cst === "03") throw new TaxationError(`${name} CST 03 (per unit of product) is not supported; use a rate CST`);
  const n = Number(cst);
  if (!PIS_COFINS_RATE.has(cst) && !(n >= 49 && n <= 99)) throw new TaxationError(`${name} CST ${cst} is not a valid CST`);
  if (PIS_COFINS_RATE.has(cst) && pct === undefined) throw new TaxationError(`${name} CST ${cst} requires the ${name} rate`);
  const p = pct ?? ZERO;
  return { cst, base: money(base), rate: rate(p), amount: money(percentOf(base, p)) };
}

// IPI groups: IPITrib 00, 49, 50, 99 (rate); IPINT 01-05 and 51-55.
const IPI_TAXED = new Set(["00", "49", "50", "99"]);
const IPI_NT = new Set(["01", "02", "03", "04", "05", "51", "52", "53", "54", "55"]);

/** IPI of a line; null when no IPI CST was resolved (the group is optional). cEnq 999 = "tributação normal". */
export function computeIpi(cst: string | undefined, pct: Decimal | undefined, cEnq: string | undefined, base: Decimal): IpiTaxes | null {
  if (cst === undefined) return null;
  const enq = cEnq ?? "999";
  if (IPI_NT.has(cst)) return { cst, cEnq: enq, base: null, rate: null, amount: null };
  if (!IPI_TAXED.has(cst)) throw new TaxationError(`IPI CST ${cst} is not a valid CST`);
  const p = pct ?? ZERO;
  return { cst, cEnq: enq, base: money(base), rate: rate(p), amount: money(percentOf(base, p)) };
}
