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

const interstate: Recipient = { state: "BA", destination: "INTERSTATE", clientType: "CONTRIBUINTE", contributor: true, exemptFromRegistration: false, municipalityCode: "2927408" };
const consumerInBahia: Recipient = { ...interstate, clientType: "NAO_CONTRIBUINTE", contributor: false };
const abroad: Recipient = { state: "EX", destination: "FOREIGN", clientType: "ESTRANGEIRO", contributor: false, exemptFromRegistration: false, municipalityCode: null };

describe("resolveItem: CFOP by operation", () => {
  it("moves the company's default CFOP to the operation's group", () => {
    expect(resolveItem(context([], interstate), line(), 0).cfop).toBe("6102");
    expect(resolveItem(context([], consumerInBahia), line(), 0).cfop).toBe("6108");
    expect(resolveItem(context([], abroad), line(), 0).cfop).toBe("7102");
    expect(resolveItem(context([], internal), line(), 0).cfop).toBe("5102");
  });

  it("takes the product's interstate CFOP when it has one, else moves its internal CFOP", () => {
    const withInterstate = product({ internalCfop: "5101", interstateContributorCfop: "6109", interstateNonContributorCfop: "6107" });
    expect(resolveItem(context([withInterstate], interstate), line({ productId: "p1" }), 0).cfop).toBe("6109");
    expect(resolveItem(context([withInterstate], consumerInBahia), line({ productId: "p1" }), 0).cfop).toBe("6107");
    const internalOnly = product({ internalCfop: "5101", interstateContributorCfop: null, interstateNonContributorCfop: null });
    expect(resolveItem(context([internalOnly], interstate), line({ productId: "p1" }), 0).cfop).toBe("6101");
    expect(resolveItem(context([internalOnly], internal), line({ productId: "p1" }), 0).cfop).toBe("5101");
  });

  it("an NFC-e is an internal operation whatever the consumer's state", () => {
    const nfce = { ...context([], consumerInBahia), documentType: "NFCE" as const };
    expect(resolveItem(nfce, line(), 0).cfop).toBe("5102");
    expect(() => resolveItem(nfce, line({ cfop: "6102" }), 0)).toThrow(/items\.0\.cfop: CFOP 6102 .*732/);
  });

  it("refuses an explicit CFOP of another destination, naming the item and the SEFAZ rejection", () => {
    const refusal = (recipient: Recipient, cfop: string) => {
      try {
        resolveItem(context([], recipient), line({ cfop }), 2);
      } catch (error) {
        return error as { status: number; code: string; message: string };
      }
      throw new Error("accepted");
    };
    const internalToBahia = refusal(interstate, "5101");
    expect([internalToBahia.status, internalToBahia.code]).toEqual([422, "invalid_cfop"]);
    expect(internalToBahia.message).toMatch(/^items\.2\.cfop: CFOP 5101 .* in BA .*733 - Rejeição: CFOP de operação interna e idDest <> 1\)\. Use 6101/);
    expect(refusal(internal, "6102").message).toMatch(/732 - Rejeição: CFOP de operação interestadual e idDest <> 2\)\. Use 5102/);
    expect(refusal(internal, "7102").message).toMatch(/731 - Rejeição: CFOP de operação com Exterior e idDest <> 3/);
    expect(refusal(abroad, "5102").message).toMatch(/733/);
    expect(resolveItem(context([], interstate), line({ cfop: "6949" }), 0).cfop).toBe("6949");
  });

  it("a default without a counterpart for the operation is 422 invalid_cfop naming the item", () => {
    const st = { ...company, defaultCfop: "5405" } as Company;
    const ctx = { ...context([], interstate), company: st };
    expect(() => resolveItem(ctx, line(), 1)).toThrow(/^items\.1\.cfop: the company's CFOP 5405 .* 6405 is not a CFOP/);
  });
});
