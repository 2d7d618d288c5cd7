import type { Company, Product } from "@prisma/client";
import { describe, expect, it } from "vitest";
import type { Recipient } from "./client-snapshot";
import { resolveItem, type ResolutionContext } from "./resolve-document-items";
import type { DocumentItemInput } from "./schemas";

// The row columns resolveItem reads; the rest of a Company/Product row plays no part in line resolution.
const company = {
  id: "c1", state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL",
  defaultNcm: "84713012", defaultCfop: "5102", defaultIcmsOrigin: "0", defaultIcmsCst: "00", defaultIcmsRate: "18",
  defaultPisCst: "01", defaultPisRate: "1.65", defaultCofinsCst: "01", defaultCofinsRate: "7.6",
  nfseIssRate: null,
} as unknown as Company;

const internal: Recipient = { state: "SP", destination: "INTERNAL", clientType: "CONTRIBUINTE", contributor: true, exemptFromRegistration: false, municipalityCode: "3550308" };

function context(products: Product[] = [], recipient: Recipient = internal): ResolutionContext {
  return {
    documentType: "NFE", company, recipient, template: null, documentTaxRuleId: null,
    products: new Map(products.map((p) => [p.id, p])), rules: new Map(), issuedOn: "2026-11-27", adjustmentNote: false,
  };
}

const product = (over: Partial<Product>) => ({ id: "p1", code: "P1", name: "Pão", commercialUnit: "UN", ...over }) as Product;
const line = (over: Partial<DocumentItemInput> = {}) => ({ code: "SKU-1", description: "Mercadoria", quantity: 1, unitValue: 10, ...over }) as DocumentItemInput;

describe("resolveItem: unit", () => {
  it("writes the code of the product's unit label, never the label", () => {
    const resolved = resolveItem(context([product({ commercialUnit: "UN - UNIDADE" })]), line({ productId: "p1" }), 0);
    expect(resolved.unit).toBe("UN");
  });

  it("takes the code of a label sent on the item, and keeps a bare code", () => {
    expect(resolveItem(context(), line({ unit: "KG - QUILOGRAMA" }), 0).unit).toBe("KG");
    expect(resolveItem(context(), line({ unit: "CX" }), 0).unit).toBe("CX");
  });

  it("defaults to UN without a unit on the item or a product", () => {
    expect(resolveItem(context(), line(), 0).unit).toBe("UN");
  });
});
