// CFOP helpers. The first digit says where the operation goes (5 same state,
// 6 another state, 7 abroad). CFOP format checks and the last-3-digits
// comparison of tax rules live in taxation-rules.ts.

export type Destination = "INTERNAL" | "INTERSTATE" | "FOREIGN";

export type ProductCfops = {
  internalCfop?: string | null;
  interstateContributorCfop?: string | null;
  interstateNonContributorCfop?: string | null;
  exportCfop?: string | null;
};

/** The product's CFOP for the destination: interstate chosen by whether the recipient is an ICMS contributor. */
export function productCfopFor(product: ProductCfops, destination: Destination, contributor: boolean): string | null {
  if (destination === "FOREIGN") return product.exportCfop ?? null;
  if (destination === "INTERSTATE") {
    return (contributor ? product.interstateContributorCfop : product.interstateNonContributorCfop) ?? null;
  }
  return product.internalCfop ?? null;
}

// The first digit of a CFOP by destination: exits 5/6/7, entries 1/2/3 (Convênio s/nº de 1970, Ajuste SINIEF 07/2001).
const EXIT_GROUP: Record<Destination, string> = { INTERNAL: "5", INTERSTATE: "6", FOREIGN: "7" };
const ENTRY_GROUP: Record<Destination, string> = { INTERNAL: "1", INTERSTATE: "2", FOREIGN: "3" };
// Interstate sales to a non-contributor have their own codes (Ajuste SINIEF 07/2001: "venda ... a não contribuinte").
const NON_CONTRIBUTOR_SALES: Record<string, string> = { "101": "107", "102": "108" };

/** The destination a CFOP is written for: 1/5 internal, 2/6 interstate, 3/7 abroad (idDest 1, 2, 3). */
export function cfopDestination(cfop: string): Destination {
  const digit = cfop[0];
  return digit === "2" || digit === "6" ? "INTERSTATE" : digit === "3" || digit === "7" ? "FOREIGN" : "INTERNAL";
}

/**
 * A CFOP written for one kind of operation moved to the group of `destination`,
 * keeping its last three digits: 5101 → 6101 interstate, 7101 abroad; 1202 →
 * 2202 (entries alike). An interstate sale to a non-contributor takes 6107/6108
 * for 5101/5102. The result may not exist in the CFOP table (5405 has no 6405):
 * the caller checks it. A CFOP already of the destination's group is kept as written.
 */
export function cfopForDestination(cfop: string, destination: Destination, contributor: boolean): string {
  if (cfopDestination(cfop) === destination) return cfop;
  const entry = cfop[0] === "1" || cfop[0] === "2" || cfop[0] === "3";
  const rest = cfop.slice(1);
  if (!entry && destination === "INTERSTATE" && !contributor && NON_CONTRIBUTOR_SALES[rest]) return `6${NON_CONTRIBUTOR_SALES[rest]}`;
  return `${(entry ? ENTRY_GROUP : EXIT_GROUP)[destination]}${rest}`;
}
