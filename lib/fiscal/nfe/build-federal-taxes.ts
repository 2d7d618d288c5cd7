import type { IpiTaxes, PisCofinsTaxes } from "@/lib/tax/tax-shapes";
import { DomainError } from "@/lib/errors";
import { el } from "@/lib/fiscal/xml/xml-text";
import { money, percent } from "./format";

// IPI (group O), PIS (group Q) and COFINS (group S) of the layout 4.00.

const PIS_COFINS_RATE = new Set(["01", "02"]);
const PIS_COFINS_NT = new Set(["04", "05", "06", "07", "08", "09"]);
const IPI_NT = new Set(["01", "02", "03", "04", "05", "51", "52", "53", "54", "55"]);

function amounts(t: PisCofinsTaxes | IpiTaxes, item: number, name: string): { base: string; rate: string; amount: string } {
  if (t.base === null || t.rate === null || t.amount === null) {
    throw new DomainError(422, "schema_validation_failed", `Item ${item}: ${name} CST ${t.cst} requires base, rate and amount`);
  }
  return { base: money(t.base), rate: percent(t.rate), amount: money(t.amount) };
}

/** PIS or COFINS: Aliq (01, 02), NT (04-09) or Outr (49-99, by rate). CST 03 (per unit) is not issued. */
export function buildPisCofins(tax: PisCofinsTaxes, item: number, name: "PIS" | "COFINS"): string {
  const cst = el("CST", tax.cst);
  if (PIS_COFINS_NT.has(tax.cst)) return `<${name}><${name}NT>${cst}</${name}NT></${name}>`;
  const a = amounts(tax, item, name);
  const body = cst + el("vBC", a.base) + el(`p${name}`, a.rate) + el(`v${name}`, a.amount);
  const group = PIS_COFINS_RATE.has(tax.cst) ? `${name}Aliq` : `${name}Outr`;
  return `<${name}><${group}>${body}</${group}></${name}>`;
}

/** IPI with its legal framework code (cEnq, 999 = normal taxation): IPITrib or IPINT. */
export function buildIpi(ipi: IpiTaxes, item: number): string {
  const head = el("cEnq", ipi.cEnq || "999");
  if (IPI_NT.has(ipi.cst)) return `<IPI>${head}<IPINT>${el("CST", ipi.cst)}</IPINT></IPI>`;
  const a = amounts(ipi, item, "IPI");
  return `<IPI>${head}<IPITrib>${el("CST", ipi.cst)}${el("vBC", a.base)}${el("pIPI", a.rate)}${el("vIPI", a.amount)}</IPITrib></IPI>`;
}
