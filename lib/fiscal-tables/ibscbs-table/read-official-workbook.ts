import ExcelJS from "exceljs";

// The official "Tabela de Código de Classificação Tributária do IBS e CBS"
// (SVRS "Conformidade Fácil" / Portal Nacional da NF-e, companion of NT
// 2025.002-RTC, Informe Técnico 2025.002) is published as an .xlsx with a CST
// sheet ("CST 2026-06-01 Pub") and a classification sheet ("cClass 2026-06-01
// Pub"). This reads both sheets into rows keyed by the header cells, every
// value as text the way the vendored CSVs keep it.

export type SheetRows = { sheet: string; headers: string[]; rows: Record<string, string>[] };
export type OfficialWorkbook = { cst: SheetRows; classifications: SheetRows };

const pad = (value: number) => String(value).padStart(2, "0");

/** A cell as the CSV writes it: dates ISO, links by their address, rich text and formulas by their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === "object") {
    if ("hyperlink" in value) return String(value.hyperlink ?? value.text ?? "").trim();
    if ("richText" in value) return value.richText.map((part) => part.text).join("").trim();
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text).trim();
    if ("error" in value) return "";
  }
  const text = String(value).trim();
  // Some editions type the dates as text (dd/mm/yyyy).
  const brazilianDate = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return brazilianDate ? `${brazilianDate[3]}-${brazilianDate[2]}-${brazilianDate[1]}` : text;
}

function readSheet(worksheet: ExcelJS.Worksheet): SheetRows {
  const headerRow = worksheet.getRow(1);
  const headers: string[] = [];
  headerRow.eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column - 1] = cellText(cell.value);
  });
  const rows: Record<string, string>[] = [];
  worksheet.eachRow((row, number) => {
    if (number === 1) return;
    const record: Record<string, string> = {};
    let empty = true;
    headers.forEach((header, index) => {
      if (!header) return;
      const text = cellText(row.getCell(index + 1).value);
      if (text) empty = false;
      record[header] = text;
    });
    if (!empty) rows.push(record);
  });
  return { sheet: worksheet.name, headers: headers.filter(Boolean), rows };
}

/** Both sheets of the official workbook; the sheet names carry the edition's date, so they are found by prefix. */
export async function readOfficialWorkbook(file: string): Promise<OfficialWorkbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch (error) {
    throw new Error(`${file}: not a readable .xlsx workbook (${(error as Error).message})`);
  }
  const find = (prefix: RegExp, what: string) => {
    const sheet = workbook.worksheets.find((candidate) => prefix.test(candidate.name.trim()));
    if (!sheet) throw new Error(`${file}: no ${what} sheet (sheets: ${workbook.worksheets.map((w) => `"${w.name}"`).join(", ")})`);
    return readSheet(sheet);
  };
  return { cst: find(/^CST\b/i, 'CST ("CST …")'), classifications: find(/^cClass/i, 'cClassTrib ("cClass …")') };
}
