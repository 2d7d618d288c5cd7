import { describe, expect, it } from "vitest";
import type { IcmsTaxes } from "@/lib/tax/tax-shapes";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { buildNfe } from "./build-nfe";
import { buildSignedNfe } from "./build-signed-nfe";
import { ISSUER_SIMPLES, simpleNfe } from "./test-support/golden-inputs";
import { testSigningCredentials } from "./test-support/test-credentials";

// Every ICMS group the builder writes, alone on a line, must give a document
// the official schema accepts, with the group the MOC assigns to the code.

const none = { modBc: null, baseReduction: null, base: null, rate: null, amount: null, benefitCode: null, st: null, simplesCredit: null };
const own = { modBc: "3", base: "100.00", rate: "18.0000", amount: "18.00" };
const st = { modBc: "4", mva: "40.0000", baseReduction: null, base: "140.00", rate: "18.0000", amount: "7.20" };
const credit = { rate: "1.2500", amount: "1.25" };

const CST_CASES: Array<[string, Partial<IcmsTaxes>, string]> = [
  ["00", own, "ICMS00"],
  ["10", { ...own, st }, "ICMS10"],
  ["20", { ...own, baseReduction: "33.3300", base: "66.67", amount: "12.00" }, "ICMS20"],
  ["30", { st: { ...st, mva: null } }, "ICMS30"],
  ["40", {}, "ICMS40"],
  ["41", {}, "ICMS40"],
  ["50", {}, "ICMS40"],
  ["51", own, "ICMS51"],
  ["51", {}, "ICMS51"],
  ["60", {}, "ICMS60"],
  ["70", { ...own, baseReduction: "10.0000", base: "90.00", amount: "16.20", st: { ...st, baseReduction: "10.0000" } }, "ICMS70"],
  ["90", {}, "ICMS90"],
  ["90", { ...own, baseReduction: "20.0000", st }, "ICMS90"],
];

const CSOSN_CASES: Array<[string, Partial<IcmsTaxes>, string]> = [
  ["101", { simplesCredit: credit }, "ICMSSN101"],
  ["102", {}, "ICMSSN102"],
  ["103", {}, "ICMSSN102"],
  ["300", {}, "ICMSSN102"],
  ["400", {}, "ICMSSN102"],
  ["201", { st, simplesCredit: credit }, "ICMSSN201"],
  ["202", { st }, "ICMSSN202"],
  ["203", { st }, "ICMSSN202"],
  ["500", {}, "ICMSSN500"],
  ["900", {}, "ICMSSN900"],
  ["900", { ...own, st, simplesCredit: credit }, "ICMSSN900"],
];

function withIcms(icms: IcmsTaxes, simples: boolean) {
  const input = simpleNfe(simples ? { issuer: ISSUER_SIMPLES } : {});
  const [first] = input.items;
  return { ...input, items: [{ ...first!, taxes: { ...first!.taxes, icms } }] };
}

describe("ICMS groups", () => {
  it.each(CST_CASES)("CST %s → %s, schema-valid", (cst, fields, group) => {
    const xml = buildSignedNfe(withIcms({ ...none, table: "CST", origin: "0", cst, ...fields }, false), testSigningCredentials()).xml;
    expect(xml).toContain(`<ICMS><${group}><orig>0</orig><CST>${cst}</CST>`);
    expect(checkXmlSchema(xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
  });

  it.each(CSOSN_CASES)("CSOSN %s → %s, schema-valid", (csosn, fields, group) => {
    const xml = buildSignedNfe(withIcms({ ...none, table: "CSOSN", origin: "2", cst: csosn, ...fields }, true), testSigningCredentials()).xml;
    expect(xml).toContain(`<ICMS><${group}><orig>2</orig><CSOSN>${csosn}</CSOSN>`);
    expect(checkXmlSchema(xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
  });

  it("prints the reduction and ST fields in the layout's order", () => {
    const cst70 = buildNfe(withIcms({ ...none, table: "CST", origin: "0", cst: "70", ...CST_CASES[10]![1] }, false)).xml;
    expect(cst70).toContain(
      "<ICMS70><orig>0</orig><CST>70</CST><modBC>3</modBC><pRedBC>10.0000</pRedBC><vBC>90.00</vBC><pICMS>18.0000</pICMS><vICMS>16.20</vICMS>" +
        "<modBCST>4</modBCST><pMVAST>40.0000</pMVAST><pRedBCST>10.0000</pRedBCST><vBCST>140.00</vBCST><pICMSST>18.0000</pICMSST><vICMSST>7.20</vICMSST></ICMS70>",
    );
    const csosn900 = buildNfe(withIcms({ ...none, table: "CSOSN", origin: "0", cst: "900", ...own, st, simplesCredit: credit }, true)).xml;
    expect(csosn900).toContain(
      "<ICMSSN900><orig>0</orig><CSOSN>900</CSOSN><modBC>3</modBC><vBC>100.00</vBC><pICMS>18.0000</pICMS><vICMS>18.00</vICMS>" +
        "<modBCST>4</modBCST><pMVAST>40.0000</pMVAST><vBCST>140.00</vBCST><pICMSST>18.0000</pICMSST><vICMSST>7.20</vICMSST><pCredSN>1.2500</pCredSN><vCredICMSSN>1.25</vCredICMSSN></ICMSSN900>",
    );
  });

  it("refuses codes without the amounts their group requires, naming the item", () => {
    expect(() => buildNfe(withIcms({ ...none, table: "CST", origin: "0", cst: "10", ...own }, false))).toThrow(/Item 1: ICMS 10 requires the ST group/);
    expect(() => buildNfe(withIcms({ ...none, table: "CSOSN", origin: "0", cst: "101" }, true))).toThrow(/Item 1: ICMS 101 requires pCredSN/);
    expect(() => buildNfe(withIcms({ ...none, table: "CST", origin: "0", cst: "99" }, false))).toThrow(/CST 99 is not supported/);
  });
});
