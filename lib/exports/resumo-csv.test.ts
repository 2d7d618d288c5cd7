import { describe, expect, it } from "vitest";
import { previousMonth, periodBounds, brazilParts } from "./period";
import { cfopSection, csvCell, decimalComma, inutilizationSection, resumoLine, ResumoTotals } from "./resumo-csv";

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

  it("writes a document line in Brazil time, keys, CNPJs and protocols as text, and its taxes", () => {
    const key = "3".repeat(44);
    const line = resumoLine({
      id: "d1", rank: 1, type: "NFE", status: "AUTHORIZED", series: 1, number: 42, nfseNumber: null, accessKey: key,
      issueDateTime: new Date("2026-11-01T02:30:00Z"), authorizationDate: new Date("2026-11-01T02:31:00Z"), protocolNumber: "135260000000001",
      operationNature: "Venda de mercadoria", cfops: "5102/5405", totalValue: "10.10", clientSnapshot: { name: "Cliente; Ltda", document: "06929383000163" },
      icmsBase: "10.00", icms: "1.80", stBase: "0.00", st: "0.00", ipi: "0.00", pis: "0.07", cofins: "0.30", ibs: "0.01", cbs: "0.09", iss: null,
    });
    expect(line).toBe(
      `NF-e;1;42;"=""${key}""";31/10/2026 23:30;Autorizada;"Cliente; Ltda";"=""06929383000163""";10,10;31/10/2026 23:31;"=""135260000000001""";` +
        "Venda de mercadoria;5102/5405;10,00;1,80;0,00;0,00;0,00;0,07;0,30;0,01;0,09;\r\n",
    );
  });

  it("totals by status, with the valid total of the authorized notes only", () => {
    const totals = new ResumoTotals();
    for (const [status, value] of [["CANCELLED", "0.20"], ["AUTHORIZED", "0.10"], ["DENIED", "5.00"], ["AUTHORIZED", "0.20"]] as const) totals.add({ status, totalValue: value });
    expect(totals.footer()).toBe(
      "\r\nTotais por situação;Quantidade;Valor total\r\nAutorizada;2;0,30\r\nCancelada;1;0,20\r\nDenegada;1;5,00\r\nTotal das notas válidas (autorizadas);2;0,30\r\n",
    );
  });

  it("keeps a text cell that is not letters and digits as a plain, neutralised cell", () => {
    expect(csvCell({ text: "=1+1" })).toBe("'=1+1");
    expect(csvCell({ text: "123.456.789-09" })).toBe("123.456.789-09");
  });

  it("lists CFOP totals and inutilized ranges, and nothing when there are none", () => {
    expect(cfopSection([])).toBe("");
    expect(inutilizationSection([])).toBe("");
    expect(cfopSection([{ cfop: "5102", documents: 2, products: "30.5", icmsBase: "30.50", icms: "5.49", st: "0", ipi: "0" }])).toBe(
      "\r\nTotais por CFOP (notas autorizadas)\r\nCFOP;Documentos;Valor dos produtos;Base ICMS;ICMS;ICMS ST;IPI\r\n5102;2;30,50;30,50;5,49;0,00;0,00\r\n",
    );
    expect(inutilizationSection([{ model: "65", series: 2, startNumber: 10, endNumber: 12, protocol: "135260000000009", inutilizationDate: new Date("2026-11-05T13:00:00Z") }])).toBe(
      '\r\nNumeração inutilizada no período\r\nTipo;Série;Número inicial;Número final;Protocolo;Data da inutilização\r\nNFC-e;2;10;12;"=""135260000000009""";05/11/2026 10:00\r\n',
    );
  });
});

describe("resumo.csv with an alphanumeric CNPJ (NT Conjunta 2025.001)", () => {
  it("writes the key and the recipient's CNPJ with their letters, as text", () => {
    const key = "35261212ABC34501DE35550010000000421123456783";
    const line = resumoLine({
      id: "d1", rank: 1, type: "NFE", status: "AUTHORIZED", series: 1, number: 42, nfseNumber: null, accessKey: key,
      issueDateTime: new Date("2026-12-07T15:00:00Z"), authorizationDate: null, protocolNumber: null, operationNature: "Venda", cfops: "5102",
      totalValue: "100", clientSnapshot: { name: "Alfa Ltda", document: "12ABC34501DE35" },
      icmsBase: null, icms: null, stBase: null, st: null, ipi: null, pis: null, cofins: null, ibs: null, cbs: null, iss: null,
    });
    expect(line).toBe(`NF-e;1;42;"=""${key}""";07/12/2026 12:00;Autorizada;Alfa Ltda;"=""12ABC34501DE35""";100,00;;;Venda;5102;;;;;;;;;;\r\n`);
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
