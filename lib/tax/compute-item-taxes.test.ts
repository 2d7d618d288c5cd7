import { describe, expect, it } from "vitest";
import { computeItemTaxes, type LineContext } from "./compute-item-taxes";
import { apportionFreight, computeDocumentTotals, lineGrossValue } from "./compute-document-totals";
import { dec, ZERO } from "./decimal";
import type { ResolvedTaxFields } from "./tax-fields";
import { TaxationError } from "./taxation-error";

// Every figure below is worked out by hand in the comment next to it.

const normal: LineContext = { documentType: "NFE", icmsTable: "CST", ibsCbsApplies: true, recipientContributor: true };
const simples: LineContext = { ...normal, icmsTable: "CSOSN", ibsCbsApplies: false };
const ibsCbs2026 = { ibsCbsCst: "000", cClassTrib: "000001", cbsRate: dec("0.9"), ibsStateRate: dec("0.1"), ibsMunicipalRate: dec("0") };

const line = (context: LineContext, gross: string, fields: ResolvedTaxFields, freight = "0") =>
  computeItemTaxes({ context, grossValue: dec(gross), freight: dec(freight), fields });

describe("ICMS, regular regime", () => {
  it("CST 00: 1000.00 at 18 % = 180.00", () => {
    const { icms } = line(normal, "1000.00", { icmsCst: "00", icmsRate: dec(18) });
    expect(icms).toMatchObject({ table: "CST", origin: "0", cst: "00", modBc: "3", base: "1000.00", rate: "18.0000", amount: "180.00", st: null });
  });

  it("rounds each line to the centavo half up: 0.25 × 18 % = 0.045 → 0.05; 10.05 × 12 % = 1.206 → 1.21", () => {
    expect(line(normal, "0.25", { icmsCst: "00", icmsRate: dec(18) }).icms?.amount).toBe("0.05");
    expect(line(normal, "10.05", { icmsCst: "00", icmsRate: dec(12) }).icms?.amount).toBe("1.21");
    // vProd: 3 × 3.3333 = 9.9999 → 10.00; 7 × 1.005 = 7.035 → 7.04
    expect(lineGrossValue(dec(3), dec("3.3333")).toFixed(2)).toBe("10.00");
    expect(lineGrossValue(dec(7), dec("1.005")).toFixed(2)).toBe("7.04");
  });

  it("CST 20 with 33.33 % base reduction: base 1000 × 0.6667 = 666.70; 18 % = 120.006 → 120.01", () => {
    const { icms } = line(normal, "1000.00", { icmsCst: "20", icmsRate: dec(18), icmsRedBc: dec("33.33") });
    expect(icms).toMatchObject({ baseReduction: "33.3300", base: "666.70", amount: "120.01" });
  });

  it("CST 10 with MVA, ST base reduction and IPI in the ST base", () => {
    // vProd 1000, IPI 10 % = 100.00. Own ICMS 12 % of 1000 = 120.00 (contributor: no IPI in the own base).
    // vBCST = (1000 + 100) × 1.40 × 0.90 = 1386.00; 18 % = 249.48; vICMSST = 249.48 − 120.00 = 129.48.
    const taxes = line(normal, "1000.00", {
      icmsCst: "10", icmsRate: dec(12), icmsStModBc: "4", icmsStMva: dec(40), icmsStRedBc: dec(10), icmsStRate: dec(18),
      ipiCst: "50", ipiRate: dec(10),
    });
    expect(taxes.ipi).toEqual({ cst: "50", cEnq: "999", base: "1000.00", rate: "10.0000", amount: "100.00" });
    expect(taxes.icms).toMatchObject({ base: "1000.00", amount: "120.00" });
    expect(taxes.icms?.st).toEqual({ modBc: "4", mva: "40.0000", baseReduction: "10.0000", base: "1386.00", rate: "18.0000", amount: "129.48" });
    const totals = computeDocumentTotals([{ grossValue: dec(1000), taxes }]);
    // vNF = 1000 + vST 129.48 + vIPI 100.00 = 1229.48
    expect(totals.icmsTot).toMatchObject({ vBC: "1000.00", vICMS: "120.00", vBCST: "1386.00", vST: "129.48", vIPI: "100.00", vNF: "1229.48" });
  });

  it("CST 70: own base reduction and ST with MVA and ST base reduction", () => {
    // own: 1000 × 0.80 = 800.00 × 18 % = 144.00; ST: 1000 × 1.50 × 0.80 = 1200.00 × 18 % = 216.00 − 144.00 = 72.00
    const { icms } = line(normal, "1000.00", {
      icmsCst: "70", icmsRate: dec(18), icmsRedBc: dec(20), icmsStModBc: "4", icmsStMva: dec(50), icmsStRedBc: dec(20), icmsStRate: dec(18),
    });
    expect(icms).toMatchObject({ base: "800.00", amount: "144.00", st: { base: "1200.00", amount: "72.00" } });
  });

  it("CST 30: exempt own operation, the ST is not reduced by any own ICMS: 1000 × 1.30 × 18 % = 234.00", () => {
    const { icms } = line(normal, "1000.00", { icmsCst: "30", icmsStModBc: "4", icmsStMva: dec(30), icmsStRate: dec(18) });
    expect(icms).toMatchObject({ base: null, amount: null, st: { base: "1300.00", amount: "234.00", baseReduction: null } });
  });

  it("puts the IPI in the own ICMS base for a non-contributor: (1000 + 100) × 18 % = 198.00", () => {
    const taxes = line({ ...normal, recipientContributor: false }, "1000.00", { icmsCst: "00", icmsRate: dec(18), ipiCst: "50", ipiRate: dec(10) });
    expect(taxes.icms).toMatchObject({ base: "1100.00", amount: "198.00" });
  });

  it("CST 40 carries no amounts; a CSOSN on a regular company is refused", () => {
    expect(line(normal, "50.00", { icmsCst: "40" }).icms).toMatchObject({ base: null, rate: null, amount: null, st: null });
    expect(() => line(normal, "50.00", { icmsCst: "102" })).toThrow(TaxationError);
    expect(() => line(normal, "50.00", { icmsCst: "00" })).toThrow(/icmsRate/);
    expect(() => line(normal, "50.00", { icmsCst: "10", icmsRate: dec(18), icmsStModBc: "4", icmsStRate: dec(18) })).toThrow(/MVA/);
  });
});

describe("ICMS, Simples Nacional", () => {
  it("CSOSN 101: credit 2.56 % of 1234.56 = 31.604736 → 31.60", () => {
    const { icms } = line(simples, "1234.56", { icmsCst: "101", icmsSnCreditRate: dec("2.56") });
    expect(icms).toMatchObject({ table: "CSOSN", cst: "101", base: null, amount: null, simplesCredit: { rate: "2.5600", amount: "31.60" } });
  });

  it("CSOSN 201: credit, and ST that deducts the own ICMS at the normal rate", () => {
    // credit 1.25 % of 500 = 6.25; own 12 % of 500 = 60.00; vBCST = 500 × 1.35 = 675.00; 18 % = 121.50; vST = 61.50
    const taxes = line(simples, "500.00", {
      icmsCst: "201", icmsSnCreditRate: dec("1.25"), icmsRate: dec(12), icmsStModBc: "4", icmsStMva: dec(35), icmsStRate: dec(18),
    });
    expect(taxes.icms?.simplesCredit).toEqual({ rate: "1.2500", amount: "6.25" });
    expect(taxes.icms?.st).toMatchObject({ base: "675.00", amount: "61.50" });
    expect(taxes.icms?.base).toBeNull();
    expect(computeDocumentTotals([{ grossValue: dec(500), taxes }])).toMatchObject({ simplesCreditTotal: "6.25", icmsTot: { vST: "61.50", vNF: "561.50" } });
  });

  it("CSOSN 101 without the credit rate and a CST on a Simples company are refused", () => {
    expect(() => line(simples, "10.00", { icmsCst: "101" })).toThrow(/icmsSnCreditRate/);
    expect(() => line(simples, "10.00", { icmsCst: "00", icmsRate: dec(18) })).toThrow(/not a CSOSN/);
  });
});

describe("PIS, COFINS and IPI", () => {
  it("PIS 01 at 1.65 % and COFINS 01 at 7.6 % of 1000 = 16.50 and 76.00; 333.33 × 1.65 % = 5.4999 → 5.50", () => {
    const taxes = line(normal, "1000.00", { icmsCst: "41", pisCst: "01", pisRate: dec("1.65"), cofinsCst: "01", cofinsRate: dec("7.6") });
    expect(taxes.pis).toEqual({ cst: "01", base: "1000.00", rate: "1.6500", amount: "16.50" });
    expect(taxes.cofins).toEqual({ cst: "01", base: "1000.00", rate: "7.6000", amount: "76.00" });
    expect(line(normal, "333.33", { icmsCst: "41", pisCst: "01", pisRate: dec("1.65") }).pis?.amount).toBe("5.50");
  });

  it("non-taxed codes carry no amounts; PIS 49 without rate is 0; IPI absent without CST", () => {
    const taxes = line(simples, "80.00", { icmsCst: "102", pisCst: "07", cofinsCst: "49", ipiCst: "53" });
    expect(taxes.pis).toEqual({ cst: "07", base: null, rate: null, amount: null });
    expect(taxes.cofins).toEqual({ cst: "49", base: "80.00", rate: "0.0000", amount: "0.00" });
    expect(taxes.ipi).toEqual({ cst: "53", cEnq: "999", base: null, rate: null, amount: null });
    expect(line(simples, "80.00", { icmsCst: "102" }).ipi).toBeNull();
  });

  it("IPI 50 at 5 % with cEnq 001 on 199.90 = 9.995 → 10.00", () => {
    expect(line(normal, "199.90", { icmsCst: "41", ipiCst: "50", ipiRate: dec(5), ipiCEnq: "001" }).ipi).toEqual({
      cst: "50", cEnq: "001", base: "199.90", rate: "5.0000", amount: "10.00",
    });
  });
});

describe("IBS/CBS at the 2026 test rates", () => {
  it("1000.00: CBS 0.9 % = 9.00, state IBS 0.1 % = 1.00, municipal 0.00", () => {
    expect(line(normal, "1000.00", { icmsCst: "41", ...ibsCbs2026 }).ibsCbs).toEqual({
      cst: "000",
      cClassTrib: "000001",
      amounts: {
        base: "1000.00", ibsStateRate: "0.1000", ibsStateAmount: "1.00", ibsMunicipalRate: "0.0000", ibsMunicipalAmount: "0.00",
        ibsAmount: "1.00", cbsRate: "0.9000", cbsAmount: "9.00",
      },
      adjustment: null, creditReversal: null, zfmPresumedCredit: null, referencedItem: null,
    });
  });

  it("totals are sums of rounded lines: 3 × 333.33 gives CBS 3 × 3.00 = 9.00 and IBS 3 × 0.33 = 0.99 (not 1.00)", () => {
    // 333.33 × 0.9 % = 2.99997 → 3.00; 333.33 × 0.1 % = 0.33333 → 0.33
    const lines = [1, 2, 3].map(() => ({ grossValue: dec("333.33"), taxes: line(normal, "333.33", { icmsCst: "41", ...ibsCbs2026 }) }));
    const totals = computeDocumentTotals(lines);
    expect(totals.rtcCbsTotal).toBe("9.00");
    expect(totals.rtcIbsTotal).toBe("0.99");
    expect(totals.ibsCbsTot).toMatchObject({ vBCIBSCBS: "999.99", gIBS: { gIBSUF: { vIBSUF: "0.99" }, gIBSMun: { vIBSMun: "0.00" }, vIBS: "0.99" }, gCBS: { vCBS: "9.00" } });
  });

  it("the base includes the line's freight: (100.00 + 10.00) × 0.9 % = 0.99", () => {
    expect(line(normal, "100.00", { icmsCst: "41", ...ibsCbs2026 }, "10.00").ibsCbs.amounts?.cbsAmount).toBe("0.99");
  });

  it("amounts are null (never zeros) for CST 410 and for the Simples Nacional; totals then 0.00 with no IBSCBSTot", () => {
    const immune = line(normal, "100.00", { icmsCst: "41", ...ibsCbs2026, ibsCbsCst: "410", cClassTrib: "410001" });
    const simplesLine = line(simples, "100.00", { icmsCst: "102", ...ibsCbs2026 });
    expect(immune.ibsCbs).toMatchObject({ cst: "410", amounts: null });
    expect(simplesLine.ibsCbs.amounts).toBeNull();
    const totals = computeDocumentTotals([{ grossValue: dec(100), taxes: immune }, { grossValue: dec(100), taxes: simplesLine }]);
    expect(totals).toMatchObject({ ibsCbsTot: null, rtcIbsTotal: "0.00", rtcCbsTotal: "0.00" });
  });

  it("CST 200 / 200034 (60 % reduction): effective rates 0.1 × 0.4 = 0.04 % and 0.9 × 0.4 = 0.36 %; 1000.00 → IBS UF 0.40, CBS 3.60", () => {
    const { amounts } = line(normal, "1000.00", { icmsCst: "00", icmsRate: dec(18), ...ibsCbs2026, ibsCbsCst: "200", cClassTrib: "200034" }).ibsCbs;
    expect(amounts).toMatchObject({ ibsStateRate: "0.1000", ibsStateAmount: "0.40", ibsMunicipalAmount: "0.00", ibsAmount: "0.40", cbsRate: "0.9000", cbsAmount: "3.60" });
    expect(amounts?.reduction).toEqual({
      ibsState: { reductionRate: "60.0000", effectiveRate: "0.0400" },
      ibsMunicipal: { reductionRate: "60.0000", effectiveRate: "0.0000" },
      cbs: { reductionRate: "60.0000", effectiveRate: "0.3600" },
    });
  });

  it("CST 200 / 200003 (cesta básica, 100 %): gRed at 100 % and zero amounts, not the full rates", () => {
    const { amounts } = line(normal, "1000.00", { icmsCst: "00", icmsRate: dec(18), ...ibsCbs2026, ibsCbsCst: "200", cClassTrib: "200003" }).ibsCbs;
    expect(amounts).toMatchObject({ base: "1000.00", ibsStateAmount: "0.00", ibsAmount: "0.00", cbsAmount: "0.00", reduction: { cbs: { reductionRate: "100.0000", effectiveRate: "0.0000" } } });
  });

  it("CST 200 with a class of another CST, or none, cannot be computed (422 invalid_taxation at creation)", () => {
    expect(() => line(normal, "100.00", { icmsCst: "00", icmsRate: dec(18), ...ibsCbs2026, ibsCbsCst: "200", cClassTrib: "000001" })).toThrow(TaxationError);
    expect(() => line(normal, "100.00", { icmsCst: "00", icmsRate: dec(18), ...ibsCbs2026, ibsCbsCst: "200", cClassTrib: undefined })).toThrow(/cClassTrib/);
  });

  it("refuses what SEFAZ never accepts as we issue it: unknown class (1023), class of another CST (1024), class not allowed on the model (1025), gTribRegular (1065) or gDif (1030) required", () => {
    const nfce: LineContext = { ...normal, documentType: "NFCE" };
    const ibs = (ibsCbsCst: string, cClassTrib: string, context = normal) => () => line(context, "100.00", { icmsCst: "00", icmsRate: dec(18), ...ibsCbs2026, ibsCbsCst, cClassTrib });
    expect(ibs("000", "000999")).toThrow("IBS/CBS cClassTrib 000999 is not in the official table");
    expect(ibs("000", "410001")).toThrow("IBS/CBS cClassTrib 410001 belongs to CST 410, not to CST 000");
    expect(ibs("011", "011004")).toThrow("IBS/CBS cClassTrib 011004 may not be used on an NF-e (official table)");
    expect(ibs("000", "000003", nfce)).toThrow("IBS/CBS cClassTrib 000003 may not be used on an NFC-e (official table)");
    expect(ibs("550", "550001")).toThrow("IBS/CBS cClassTrib 550001 requires the regular-taxation group (gTribRegular), which is not issued");
    expect(ibs("510", "510001")).toThrow("IBS/CBS CST 510 requires the deferral group (gDif), which is not issued");
    // The same classes where they are allowed: 000003 on an NF-e, 000001 on an NFC-e.
    expect(ibs("000", "000003")().ibsCbs.cClassTrib).toBe("000003");
    expect(ibs("000", "000001", nfce)().ibsCbs.cClassTrib).toBe("000001");
    // A Simples issuer's line without amounts leaves its IBSCBS group out of the XML: nothing to refuse.
    const simplesLine = (ibsCbsCst: string, cClassTrib: string) => () => line(simples, "100.00", { icmsCst: "102", ...ibsCbs2026, ibsCbsCst, cClassTrib });
    expect(simplesLine("510", "510001")().ibsCbs.amounts).toBeNull();
    expect(simplesLine("410", "000001")).toThrow("IBS/CBS cClassTrib 000001 belongs to CST 000, not to CST 410");
  });
});

describe("freight", () => {
  it("splits by line value with the remainder on the last line", () => {
    expect(apportionFreight(dec("100.00"), [dec(300), dec(700)]).map((v) => v.toFixed(2))).toEqual(["30.00", "70.00"]);
    expect(apportionFreight(dec("10.00"), [dec(1), dec(1), dec(1)]).map((v) => v.toFixed(2))).toEqual(["3.33", "3.33", "3.34"]);
    expect(apportionFreight(ZERO, [dec(5)]).map((v) => v.toFixed(2))).toEqual(["0.00"]);
  });

  it("enters the ICMS base and vNF: (200 + 20) × 18 % = 39.60; vNF 220.00", () => {
    const taxes = line(normal, "200.00", { icmsCst: "00", icmsRate: dec(18) }, "20.00");
    expect(taxes.icms).toMatchObject({ base: "220.00", amount: "39.60" });
    expect(computeDocumentTotals([{ grossValue: dec(200), taxes }]).icmsTot).toMatchObject({ vFrete: "20.00", vNF: "220.00" });
  });
});
