import { describe, expect, it } from "vitest";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { buildNfe } from "./build-nfe";
import { buildSignedNfe } from "./build-signed-nfe";
import { simpleNfe } from "./test-support/golden-inputs";
import { testSigningCredentials } from "./test-support/test-credentials";
import type { NfeItemTaxes } from "./types";

function withTaxes(taxes: Partial<NfeItemTaxes>) {
  const input = simpleNfe();
  const [first] = input.items;
  return { ...input, items: [{ ...first!, taxes: { ...first!.taxes, ...taxes } }] };
}

describe("PIS, COFINS and IPI groups", () => {
  it("writes PISOutr/COFINSOutr for CST 49-99 and IPINT for non-taxed IPI, schema-valid", () => {
    const input = withTaxes({
      pis: { cst: "99", base: "100.00", rate: "0.6500", amount: "0.65" },
      cofins: { cst: "49", base: "0.00", rate: "0.0000", amount: "0.00" },
      ipi: { cst: "53", cEnq: "301", base: null, rate: null, amount: null },
    });
    const xml = buildSignedNfe(input, testSigningCredentials()).xml;
    expect(xml).toContain("<PIS><PISOutr><CST>99</CST><vBC>100.00</vBC><pPIS>0.6500</pPIS><vPIS>0.65</vPIS></PISOutr></PIS>");
    expect(xml).toContain("<COFINS><COFINSOutr><CST>49</CST><vBC>0.00</vBC><pCOFINS>0.0000</pCOFINS><vCOFINS>0.00</vCOFINS></COFINSOutr></COFINS>");
    expect(xml).toContain("<IPI><cEnq>301</cEnq><IPINT><CST>53</CST></IPINT></IPI>");
    expect(checkXmlSchema(xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
  });

  it("refuses a taxed CST without amounts, naming the item", () => {
    expect(() => buildNfe(withTaxes({ pis: { cst: "01", base: null, rate: null, amount: null } }))).toThrow(/Item 1: PIS CST 01 requires base, rate and amount/);
  });
});

describe("debit note (finNFe 6)", () => {
  it("writes tpNFDebito, the referenced key and tPag 90", () => {
    const key = "43180906929383000163550010000000261000010301";
    const xml = buildSignedNfe(simpleNfe({ finNFe: "6", tpNFDebito: "01", referencedKeys: [key], departureAt: null }), testSigningCredentials()).xml;
    expect(xml).toContain("<finNFe>6</finNFe><tpNFDebito>01</tpNFDebito>");
    expect(xml).toContain(`<NFref><refNFe>${key}</refNFe></NFref>`);
    expect(xml).toContain("<pag><detPag><tPag>90</tPag><vPag>0.00</vPag></detPag></pag>");
    expect(checkXmlSchema(xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
  });
});
