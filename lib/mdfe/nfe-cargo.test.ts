import { describe, expect, it } from "vitest";
import { cteKeyProblem } from "./cte-keys";
import { nfeCargoOf } from "./nfe-cargo";
import { dfeKey } from "./testing/mdfe-inputs";
import { groupByUnloadingMunicipality } from "./unloading-groups";

// Where an NF-e is unloaded and what it weighs (nfe-cargo.ts), a CT-e key's own checks (cte-keys.ts)
// and the grouping into infMunDescarga (unloading-groups.ts).

const recipient = (cMun: string, xMun: string) => `<dest><CNPJ>33000167000101</CNPJ><xNome>Cliente</xNome><enderDest><xLgr>Rua</xLgr><nro>1</nro><xBairro>Centro</xBairro><cMun>${cMun}</cMun><xMun>${xMun}</xMun><UF>MG</UF></enderDest></dest>`;
const nfe = (inner: string) => `<nfeProc><NFe><infNFe Id="NFe1" versao="4.00"><ide><mod>55</mod></ide><emit/>${inner}</infNFe></NFe></nfeProc>`;

describe("nfeCargoOf", () => {
  it("takes the recipient's municipality and adds up the volumes' gross weights", () => {
    const cargo = nfeCargoOf(nfe(recipient("3106200", "Belo Horizonte") + "<transp><modFrete>3</modFrete><vol><qVol>2</qVol><pesoB>120.500</pesoB></vol><vol><pesoB>0.250</pesoB></vol></transp>"));
    expect(cargo.unloading).toEqual({ code: "3106200", name: "Belo Horizonte" });
    expect(cargo.grossWeightKg?.toFixed(3)).toBe("120.750");
  });

  it("prefers the delivery place (entrega) to the recipient's address; no weight without pesoB", () => {
    const entrega = "<entrega><CNPJ>33000167000101</CNPJ><xLgr>Rodovia</xLgr><nro>km 5</nro><xBairro>Distrito</xBairro><cMun>3170206</cMun><xMun>Uberlândia</xMun><UF>MG</UF></entrega>";
    const cargo = nfeCargoOf(nfe(recipient("3106200", "Belo Horizonte") + entrega + "<transp><modFrete>3</modFrete><vol><qVol>1</qVol></vol></transp>"));
    expect(cargo).toEqual({ unloading: { code: "3170206", name: "Uberlândia" }, grossWeightKg: null });
  });

  it("names no municipality for a recipient abroad (cMun 9999999)", () => {
    expect(nfeCargoOf(nfe(recipient("9999999", "EXTERIOR"))).unloading).toBeNull();
  });
});

describe("cteKeyProblem", () => {
  const key = (model: string, cUF = "35", yearMonth = "2612") => dfeKey({ cUF, yearMonth, model, number: 9 });
  it("accepts a CT-e key and says what is wrong with the others", () => {
    expect(cteKeyProblem(key("57"))).toBeNull();
    expect(cteKeyProblem(key("55"))).toContain("model digits are 55");
    expect(cteKeyProblem(key("57").slice(0, 43) + String((Number(key("57").slice(43)) + 1) % 10))).toContain("check digit is wrong");
    expect(cteKeyProblem(key("57", "00"))).toContain("state code 00");
    expect(cteKeyProblem(key("57", "35", "2613"))).toContain("month 13");
    expect(cteKeyProblem("123")).toContain("not a 44-character access key");
  });
});

describe("groupByUnloadingMunicipality", () => {
  it("keeps the first appearance order of municipalities and of documents inside each", () => {
    const bh = { code: "3106200", name: "Belo Horizonte" };
    const udi = { code: "3170206", name: "Uberlândia" };
    const groups = groupByUnloadingMunicipality([{ id: "a", unloading: udi }, { id: "b", unloading: bh }, { id: "c", unloading: udi }]);
    expect(groups.map((g) => [g.municipality.code, g.documents.map((d) => d.id)])).toEqual([["3170206", ["a", "c"]], ["3106200", ["b"]]]);
  });
});
