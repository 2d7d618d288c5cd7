import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { CLASS_COLUMNS, CST_COLUMNS, refreshIbsCbsTables } from "./refresh-ibscbs-tables";

// The refresh of the IBS/CBS tables from a workbook shaped like the official
// one (sheets "CST … Pub" and "cClass … Pub", the official column names with
// their irregular spacing, dates as date cells, links as hyperlinks, a legend
// under the CSTs, legal-text columns we leave out), written by the test.

const VENDORED = path.join(process.cwd(), "lib", "fiscal-tables", "data");
const readCsv = (file: string) => parse(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ibscbs-data-"));
  for (const file of ["SOURCES.md", "cst-ibscbs.csv", "cclasstrib.csv"]) copyFileSync(path.join(VENDORED, file), path.join(dataDir, file));
});

type Row = Record<string, ExcelJS.CellValue>;

async function writeWorkbook(file: string, cst: Row[], classes: Row[], extraClassColumns: string[] = ["LC Redação"]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const cstColumns = CST_COLUMNS.map((column) => (column === "ind_gCredPresIBSZFM" ? "ind_ gCredPresIBSZFM" : column));
  const cstSheet = workbook.addWorksheet("CST 2026-11-30 Pub");
  cstSheet.addRow(cstColumns);
  for (const row of cst) cstSheet.addRow(CST_COLUMNS.map((column) => row[column] ?? null));
  cstSheet.addRow(["Legenda:"]);
  cstSheet.addRow(["0 = Não é permitido"]);
  const classSheet = workbook.addWorksheet("cClass 2026-11-30 Pub");
  const columns = [...CLASS_COLUMNS.slice(0, 6), ...extraClassColumns, ...CLASS_COLUMNS.slice(6)];
  classSheet.addRow(columns);
  for (const row of classes) classSheet.addRow(columns.map((column) => row[column] ?? null));
  await workbook.xlsx.writeFile(file);
  return file;
}

const cstRow = (code: number, description: string, gRed = 0): Row => ({
  "CST-IBS/CBS": code, "Descrição CST-IBS/CBS": description, ind_gIBSCBS: 1, ind_gIBSCBSMono: 0, ind_gRed: gRed, ind_gDif: 0, ind_gTransfCred: 0, ind_gCredPresIBSZFM: 0, ind_gAjusteCompet: 0, ind_RedutorBC: 0,
});

const classRow = (cst: number, code: number, name: string, overrides: Row = {}): Row => ({
  ...Object.fromEntries(CLASS_COLUMNS.map((column) => [column, column.startsWith("ind") ? 0 : null])),
  "CST-IBS/CBS": cst, "Descrição CST-IBS/CBS": cst === 0 ? "Tributação integral" : "Alíquota reduzida", cClassTrib: code, "Nome cClassTrib": name, "Descrição cClassTrib": name,
  "Tipo de Alíquota": "Padrão", pRedIBS: 0, pRedCBS: 0, tpRBSN: 1, dIniVig: new Date(Date.UTC(2026, 0, 1)), DataAtualização: new Date(Date.UTC(2026, 10, 30)), indNFe: 1, indNFCe: 1,
  "LC Redação": "Texto longo da Lei Complementar que não vai para o CSV.",
  ...overrides,
});

describe("npm run tables:ibscbs: the IBS/CBS CST and cClassTrib tables from the official workbook", () => {
  it("writes both CSVs in the vendored columns, with the edition's date and source beside them", async () => {
    const file = await writeWorkbook(path.join(dataDir, "cClassTrib 2026-11-30.xlsx"), [cstRow(0, "Tributação integral"), cstRow(200, "Alíquota reduzida", 1)], [
      classRow(0, 1, "Situações tributadas integralmente pelo IBS e CBS.", { Link: { text: "art. 4", hyperlink: "https://www.planalto.gov.br/ccivil_03/leis/lcp/lcp214.htm#art4" } }),
      classRow(200, 200003, 'Produtos da cesta básica, "Anexo I", reduzidos a zero', { pRedIBS: 100, pRedCBS: 100, "LC 214/25": "Art. 125" }),
    ]);

    const metadata = await refreshIbsCbsTables({ file, dataDir, now: new Date("2026-12-07T12:00:00Z") });

    expect(metadata).toMatchObject({ version: "2026-11-30", file: "cClassTrib 2026-11-30.xlsx", cstRows: 2, classRows: 2, refreshedAt: "2026-12-07T12:00:00.000Z" });
    expect(metadata.source).toContain("Conformidade Fácil");
    expect(metadata.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(readFileSync(path.join(dataDir, "ibscbs-table.json"), "utf8"))).toEqual(metadata);

    const cst = readCsv(path.join(dataDir, "cst-ibscbs.csv"));
    expect(cst.map((row) => row["CST-IBS/CBS"])).toEqual(["000", "200"]); // the legend is not a CST
    expect(cst[1]).toMatchObject({ ind_gRed: "1", ind_gCredPresIBSZFM: "0" });
    expect(readFileSync(path.join(dataDir, "cst-ibscbs.csv"), "utf8").split("\n")[0]).toBe(CST_COLUMNS.join(","));

    const classes = readCsv(path.join(dataDir, "cclasstrib.csv"));
    expect(Object.keys(classes[0]!)).toEqual([...CLASS_COLUMNS]);
    expect(classes[0]).toMatchObject({ "CST-IBS/CBS": "000", cClassTrib: "000001", dIniVig: "2026-01-01", dFimVig: "", DataAtualização: "2026-11-30", Link: "https://www.planalto.gov.br/ccivil_03/leis/lcp/lcp214.htm#art4", indNFe: "1" });
    expect(classes[1]).toMatchObject({ cClassTrib: "200003", "Nome cClassTrib": 'Produtos da cesta básica, "Anexo I", reduzidos a zero', pRedIBS: "100", pRedCBS: "100", "LC 214/25": "Art. 125" });
    expect(readFileSync(path.join(dataDir, "cclasstrib.csv"), "utf8")).not.toContain("Texto longo");

    const sources = readFileSync(path.join(dataDir, "SOURCES.md"), "utf8");
    expect(sources).toMatch(/^\| `cst-ibscbs\.csv`, `cclasstrib\.csv` \| cClassTrib 2026-11-30, file "cClassTrib 2026-11-30\.xlsx" \(sha256 `[0-9a-f]{16}…`\), refreshed 2026-12-07 with `npm run tables:ibscbs`; 2 CST and 2 cClassTrib rows \(ibscbs-table\.json\) \| SVRS "Conformidade Fácil"/m);
    expect(sources).not.toContain("cClassTrib 2026-06-22 (Informe Técnico 2025.002) |");
  });

  it("reproduces the vendored 2026-06-22 tables from a workbook holding them, less the CST sheet's legend", async () => {
    const cst = readCsv(path.join(VENDORED, "cst-ibscbs.csv")).filter((row) => /^\d{3}$/.test(row["CST-IBS/CBS"]!) && row.ind_gIBSCBS !== "");
    const classes = readCsv(path.join(VENDORED, "cclasstrib.csv"));
    const file = await writeWorkbook(path.join(dataDir, "cClassTrib 2026-06-22.xlsx"), cst, classes);
    await refreshIbsCbsTables({ file, dataDir });
    expect(readCsv(path.join(dataDir, "cclasstrib.csv"))).toEqual(classes);
    expect(readFileSync(path.join(dataDir, "cclasstrib.csv"), "utf8")).toBe(readFileSync(path.join(VENDORED, "cclasstrib.csv"), "utf8"));
    expect(readCsv(path.join(dataDir, "cst-ibscbs.csv"))).toEqual(cst);
  });

  it("refuses an inconsistent workbook and leaves the tables as they were", async () => {
    const before = readFileSync(path.join(dataDir, "cclasstrib.csv"), "utf8");
    const orphan = await writeWorkbook(path.join(dataDir, "cClassTrib 2026-11-30.xlsx"), [cstRow(0, "Tributação integral")], [classRow(200, 200003, "Sem CST na folha de CST")]);
    await expect(refreshIbsCbsTables({ file: orphan, dataDir })).rejects.toThrow('sheet "cClass 2026-11-30 Pub", cClassTrib 200003: CST 200 is not in sheet "CST 2026-11-30 Pub"');
    const missingColumn = await writeWorkbook(path.join(dataDir, "cClassTrib 2026-11-30.xlsx"), [cstRow(0, "Tributação integral")], [classRow(0, 1, "x")], []);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(missingColumn);
    workbook.getWorksheet("cClass 2026-11-30 Pub")!.spliceColumns(CLASS_COLUMNS.indexOf("pRedCBS") + 1, 1);
    await workbook.xlsx.writeFile(missingColumn);
    await expect(refreshIbsCbsTables({ file: missingColumn, dataDir })).rejects.toThrow('missing column(s) "pRedCBS"');
    await expect(refreshIbsCbsTables({ file: path.join(dataDir, "tabela.xlsx"), dataDir })).rejects.toThrow("--version AAAA-MM-DD");
    writeFileSync(path.join(dataDir, "not-a-workbook 2026-11-30.xlsx"), "CST,cClassTrib\n");
    await expect(refreshIbsCbsTables({ file: path.join(dataDir, "not-a-workbook 2026-11-30.xlsx"), dataDir })).rejects.toThrow("not a readable .xlsx workbook");
    expect(readFileSync(path.join(dataDir, "cclasstrib.csv"), "utf8")).toBe(before);
  });

  it("runs as the documented npm script, naming what the encoded rules must follow", async () => {
    const file = await writeWorkbook(path.join(dataDir, "tabela.xlsx"), [cstRow(0, "Tributação integral")], [classRow(0, 1, "Situações tributadas integralmente pelo IBS e CBS."), classRow(0, 999, "Nova classificação")]);
    const run = spawnSync("npx", ["tsx", "scripts/refresh-ibscbs-tables.ts", file, "--version", "2026-11-30", "--source", "Conformidade Fácil, download de teste", "--data-dir", dataDir], { encoding: "utf8", timeout: 120_000 });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("IBS/CBS tables refreshed: edition 2026-11-30, 1 CST and 2 cClassTrib rows, from tabela.xlsx");
    expect(run.stdout).toContain("cClassTrib 000999 (CST 000) is new");
    expect(run.stdout).toContain("cClassTrib 200003 is no longer in the table");
    expect(readFileSync(path.join(dataDir, "SOURCES.md"), "utf8")).toContain("| Conformidade Fácil, download de teste |");
  });
});
