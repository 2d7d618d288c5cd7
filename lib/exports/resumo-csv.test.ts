import { describe, expect, it } from "vitest";
import { previousMonth, periodBounds, brazilParts } from "./period";
import { csvCell, decimalComma, resumoLine, ResumoTotals } from "./resumo-csv";

describe("resumo.csv", () => {
  it("quotes cells with ; \" or line breaks and neutralises formulas", () => {
    expect(csvCell("Loja; Centro")).toBe('"Loja; Centro"');
    expect(csvCell('Diz "oi"')).toBe('"Diz ""oi"""');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("Simples")).toBe("Simples");
  });

  it("writes decimals with a comma and two places, exactly", () => {
    expect(decimalComma("1234.5")).toBe("1234,50");
    expect(decimalComma("0.1")).toBe("0,10");
  });

  it("writes a document line in Brazil time and the totals per status", () => {
    const line = resumoLine({
      type: "NFE", status: "AUTHORIZED", series: 1, number: 42, nfseNumber: null, accessKey: "3".repeat(44),
      issueDateTime: new Date("2026-11-01T02:30:00Z"), totalValue: "10.10", clientSnapshot: { name: "Cliente; Ltda", document: "06929383000163" },
    });
    expect(line).toBe(`NF-e;1;42;${"3".repeat(44)};31/10/2026 23:30;Autorizada;"Cliente; Ltda";06929383000163;10,10\r\n`);
    const totals = new ResumoTotals();
    for (const [status, value] of [["CANCELLED", "0.20"], ["AUTHORIZED", "0.10"], ["AUTHORIZED", "0.20"]] as const) totals.add({ status, totalValue: value });
    expect(totals.footer()).toBe("\r\nTotais por situação;Quantidade;Valor total\r\nAutorizada;2;0,30\r\nCancelada;1;0,20\r\nTotal geral;3;0,50\r\n");
  });
});

describe("resumo.csv with an alphanumeric CNPJ (NT Conjunta 2025.001)", () => {
  it("writes the key and the recipient's CNPJ with their letters, as text", () => {
    const key = "35261212ABC34501DE35550010000000421123456783";
    const line = resumoLine({
      type: "NFE", status: "AUTHORIZED", series: 1, number: 42, nfseNumber: null, accessKey: key,
      issueDateTime: new Date("2026-12-07T15:00:00Z"), totalValue: "100", clientSnapshot: { name: "Alfa Ltda", document: "12ABC34501DE35" },
    });
    expect(line).toBe(`NF-e;1;42;${key};07/12/2026 12:00;Autorizada;Alfa Ltda;12ABC34501DE35;100,00\r\n`);
  });
});

describe("periods in Brazil time", () => {
  it("bounds a period by Brazil midnights and finds the previous month", () => {
    expect(periodBounds("2026-11-01", "2026-11-30")).toEqual({ gte: new Date("2026-11-01T03:00:00Z"), lt: new Date("2026-12-01T03:00:00Z") });
    expect(previousMonth(new Date("2026-12-01T02:59:00Z"))).toEqual({ period: "2026-10", from: "2026-10-01", to: "2026-10-31" });
    expect(previousMonth(new Date("2027-01-01T03:00:00Z"))).toEqual({ period: "2026-12", from: "2026-12-01", to: "2026-12-31" });
    expect(brazilParts(new Date("2026-12-01T02:59:00Z")).month).toBe("2026-11");
  });
});
