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
