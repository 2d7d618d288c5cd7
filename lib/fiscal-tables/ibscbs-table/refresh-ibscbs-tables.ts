import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readOfficialWorkbook, type SheetRows } from "./read-official-workbook";

// Refreshes lib/fiscal-tables/data/cst-ibscbs.csv and cclasstrib.csv from a
// downloaded edition of the official IBS/CBS CST and cClassTrib table (issue 48
// item 7; `npm run tables:ibscbs -- <file.xlsx>`, docs/operations.md). The CSVs
// keep the columns they have today (SOURCES.md, "ibscbs/"): the long legal-text
// columns are left out, dates ISO, codes zero-padded. The edition's date and
// source are stored beside them (ibscbs-table.json) and in SOURCES.md's table.
// Nothing is written unless the whole workbook passes the checks below.

export const CST_COLUMNS = ["CST-IBS/CBS", "Descrição CST-IBS/CBS", "ind_gIBSCBS", "ind_gIBSCBSMono", "ind_gRed", "ind_gDif", "ind_gTransfCred", "ind_gCredPresIBSZFM", "ind_gAjusteCompet", "ind_RedutorBC"] as const;

export const CLASS_COLUMNS = [
  "CST-IBS/CBS", "Descrição CST-IBS/CBS", "cClassTrib", "Nome cClassTrib", "Descrição cClassTrib", "LC 214/25", "Tipo de Alíquota", "pRedIBS", "pRedCBS",
  "ind_gTribRegular", "ind_gCredPresOper", "ind_gMonoPadrao", "ind_gMonoReten", "ind_gMonoRet", "ind_gMonoDif", "ind_gpBioDiferenca", "ind_gEstornoCred", "tpRBSN",
  "dIniVig", "dFimVig", "DataAtualização", "indNFeABI", "indNFe", "indNFCe", "indCTe", "indCTeOS", "indBPe", "indBPeTA", "indBPeTM", "indNF3e", "indNFSe", "indNFSe Via",
  "indNFCom", "indNFAg", "indNFGas", "indDERE", "indDIR", "indDUIMP", "ANEXO", "Link",
] as const;

export const DEFAULT_SOURCE = 'SVRS "Conformidade Fácil" / Portal Nacional da NF-e: Tabela de Código de Classificação Tributária do IBS e CBS (Informe Técnico 2025.002)';

export type IbsCbsTableMetadata = {
  /** The edition's date (the file's "cClassTrib AAAA-MM-DD", or --version). */
  version: string;
  source: string;
  file: string;
  sha256: string;
  refreshedAt: string;
  cstRows: number;
  classRows: number;
};

export type RefreshInput = { file: string; dataDir: string; version?: string; source?: string; now?: Date };

// Headers differ in spacing between editions ("ind_ gCredPresIBSZFM").
const normalise = (header: string) => header.replace(/\s+/g, "").toLowerCase();

function project(sheet: SheetRows, columns: readonly string[]): Record<string, string>[] {
  const byName = new Map(sheet.headers.map((header) => [normalise(header), header]));
  const missing = columns.filter((column) => !byName.has(normalise(column)));
  if (missing.length) throw new Error(`sheet "${sheet.sheet}": missing column(s) ${missing.map((c) => `"${c}"`).join(", ")}`);
  return sheet.rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[byName.get(normalise(column))!] ?? ""])));
}

// The CST sheet ends with a legend ("Legenda:", "0 = Não é permitido", "1 = Exige") in the code column: not codes.
const isCode = (value: string, digits: number) => new RegExp(`^\\d{1,${digits}}$`).test(value);

function checkedRows(cstSheet: SheetRows, classSheet: SheetRows): { cst: Record<string, string>[]; classes: Record<string, string>[] } {
  const cst: Record<string, string>[] = project(cstSheet, CST_COLUMNS)
    .filter((row) => isCode(row["CST-IBS/CBS"]!, 3))
    .map((row) => ({ ...row, "CST-IBS/CBS": row["CST-IBS/CBS"]!.padStart(3, "0") }));
  const classes: Record<string, string>[] = project(classSheet, CLASS_COLUMNS)
    .filter((row) => row["cClassTrib"] !== "" || row["CST-IBS/CBS"] !== "")
    .map((row) => ({ ...row, "CST-IBS/CBS": row["CST-IBS/CBS"]!.padStart(3, "0"), cClassTrib: row["cClassTrib"]!.padStart(6, "0") }));
  if (cst.length === 0) throw new Error(`sheet "${cstSheet.sheet}": no CST row`);
  if (classes.length === 0) throw new Error(`sheet "${classSheet.sheet}": no cClassTrib row`);
  const csts = new Set<string>();
  for (const row of cst) {
    if (csts.has(row["CST-IBS/CBS"]!)) throw new Error(`sheet "${cstSheet.sheet}": CST ${row["CST-IBS/CBS"]} appears twice`);
    csts.add(row["CST-IBS/CBS"]!);
  }
  const seen = new Set<string>();
  for (const row of classes) {
    const code = row.cClassTrib!;
    const where = `sheet "${classSheet.sheet}", cClassTrib ${code}`;
    if (!/^\d{6}$/.test(code)) throw new Error(`${where}: not 6 digits`);
    if (seen.has(code)) throw new Error(`${where}: appears twice`);
    seen.add(code);
    // cClassTrib = CST (3) + sequence (3), as every row of the official table is (000001 under 000, 200003 under 200); its CST must be in the CST sheet.
    if (code.slice(0, 3) !== row["CST-IBS/CBS"]) throw new Error(`${where}: does not start with its CST ${row["CST-IBS/CBS"]}`);
    if (!csts.has(row["CST-IBS/CBS"]!)) throw new Error(`${where}: CST ${row["CST-IBS/CBS"]} is not in sheet "${cstSheet.sheet}"`);
    for (const column of ["dIniVig", "dFimVig", "DataAtualização"] as const) {
      if (row[column] && !/^\d{4}-\d{2}-\d{2}$/.test(row[column]!)) throw new Error(`${where}: ${column} "${row[column]}" is not a date`);
    }
  }
  return { cst, classes };
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const toCsv = (columns: readonly string[], rows: Record<string, string>[]) =>
  [columns.join(","), ...rows.map((row) => columns.map((column) => csvField(row[column] ?? "")).join(","))].join("\n") + "\n";

/** Writes through a temporary file, so a reader never sees half a table. */
function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

const SOURCES_ROW = /^\| `cst-ibscbs\.csv`, `cclasstrib\.csv` \|.*\|$/m;

export async function refreshIbsCbsTables(input: RefreshInput): Promise<IbsCbsTableMetadata> {
  const version = input.version ?? /(\d{4}-\d{2}-\d{2})/.exec(path.basename(input.file))?.[1];
  if (!version || !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
    throw new Error(`the edition's date is not in the file name ("cClassTrib AAAA-MM-DD.xlsx"): give it with --version AAAA-MM-DD`);
  }
  const workbook = await readOfficialWorkbook(input.file);
  const { cst, classes } = checkedRows(workbook.cst, workbook.classifications);
  const sourcesFile = path.join(input.dataDir, "SOURCES.md");
  const sources = readFileSync(sourcesFile, "utf8");
  if (!SOURCES_ROW.test(sources)) throw new Error(`${sourcesFile}: no row for cst-ibscbs.csv and cclasstrib.csv in its table`);

  const metadata: IbsCbsTableMetadata = {
    version,
    source: input.source ?? DEFAULT_SOURCE,
    file: path.basename(input.file),
    sha256: createHash("sha256").update(readFileSync(input.file)).digest("hex"),
    refreshedAt: (input.now ?? new Date()).toISOString(),
    cstRows: cst.length,
    classRows: classes.length,
  };
  writeAtomically(path.join(input.dataDir, "cst-ibscbs.csv"), toCsv(CST_COLUMNS, cst));
  writeAtomically(path.join(input.dataDir, "cclasstrib.csv"), toCsv(CLASS_COLUMNS, classes));
  writeAtomically(path.join(input.dataDir, "ibscbs-table.json"), `${JSON.stringify(metadata, null, 2)}\n`);
  const row = `| \`cst-ibscbs.csv\`, \`cclasstrib.csv\` | cClassTrib ${version}, file "${metadata.file}" (sha256 \`${metadata.sha256.slice(0, 16)}…\`), refreshed ${metadata.refreshedAt.slice(0, 10)} with \`npm run tables:ibscbs\`; ${cst.length} CST and ${classes.length} cClassTrib rows (ibscbs-table.json) | ${metadata.source} |`;
  writeAtomically(sourcesFile, sources.replace(SOURCES_ROW, row));
  return metadata;
}
