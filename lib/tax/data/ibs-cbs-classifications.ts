// IBS/CBS rate reductions by cClassTrib (LC 214/2025; NT 2025.002 gRed).
// Source: the official "Tabela de Código de Classificação Tributária do IBS e
// CBS" (Informe Técnico 2025.002), version 2026-06-22, vendored as
// lib/fiscal-tables/data/cclasstrib.csv (provenance in its SOURCES.md; same
// file as shared/fiscal/data/tables/ibscbs). Only the classes of the CSTs
// whose row requires gRed (ind_gRed 1 in cst-ibscbs.csv: 011, 200, 515) are
// listed, with pRedIBS and pRedCBS as the sheet gives them.
// ibs-cbs-classifications.test.ts checks this file against the CSV: a new
// version of the table is a new copy of the CSV and of these rows.

/** CSTs whose rows of the CST table require the gRed group (ind_gRed 1). */
export const CST_REQUIRING_GRED: ReadonlySet<string> = new Set(["011", "200", "515"]);

/** cClassTrib → CST and the reductions (percent) of the IBS and CBS rates. */
export const RATE_REDUCTIONS: Readonly<Record<string, { cst: string; ibs: string; cbs: string }>> = {
  "011001": { cst: "011", ibs: "60", cbs: "60" },
  "011002": { cst: "011", ibs: "60", cbs: "60" },
  "011003": { cst: "011", ibs: "60", cbs: "60" },
  "011004": { cst: "011", ibs: "0", cbs: "0" },
  "011005": { cst: "011", ibs: "30", cbs: "30" },
  "200001": { cst: "200", ibs: "100", cbs: "100" },
  "200002": { cst: "200", ibs: "100", cbs: "100" },
  "200003": { cst: "200", ibs: "100", cbs: "100" },
  "200004": { cst: "200", ibs: "100", cbs: "100" },
  "200005": { cst: "200", ibs: "100", cbs: "100" },
  "200006": { cst: "200", ibs: "100", cbs: "100" },
  "200007": { cst: "200", ibs: "100", cbs: "100" },
  "200008": { cst: "200", ibs: "100", cbs: "100" },
  "200009": { cst: "200", ibs: "100", cbs: "100" },
  "200010": { cst: "200", ibs: "100", cbs: "100" },
  "200011": { cst: "200", ibs: "100", cbs: "100" },
  "200012": { cst: "200", ibs: "100", cbs: "100" },
  "200013": { cst: "200", ibs: "100", cbs: "100" },
  "200014": { cst: "200", ibs: "100", cbs: "100" },
  "200015": { cst: "200", ibs: "100", cbs: "100" },
  "200016": { cst: "200", ibs: "100", cbs: "100" },
  "200017": { cst: "200", ibs: "100", cbs: "100" },
  "200018": { cst: "200", ibs: "100", cbs: "100" },
  "200019": { cst: "200", ibs: "100", cbs: "100" },
  "200020": { cst: "200", ibs: "100", cbs: "100" },
  "200021": { cst: "200", ibs: "100", cbs: "100" },
  "200022": { cst: "200", ibs: "100", cbs: "100" },
  "200023": { cst: "200", ibs: "100", cbs: "100" },
  "200024": { cst: "200", ibs: "100", cbs: "100" },
  "200025": { cst: "200", ibs: "60", cbs: "100" },
  "200026": { cst: "200", ibs: "80", cbs: "80" },
  "200027": { cst: "200", ibs: "70", cbs: "70" },
  "200028": { cst: "200", ibs: "60", cbs: "60" },
  "200029": { cst: "200", ibs: "60", cbs: "60" },
  "200030": { cst: "200", ibs: "60", cbs: "60" },
  "200031": { cst: "200", ibs: "60", cbs: "60" },
  "200032": { cst: "200", ibs: "60", cbs: "60" },
  "200033": { cst: "200", ibs: "60", cbs: "60" },
  "200034": { cst: "200", ibs: "60", cbs: "60" },
  "200035": { cst: "200", ibs: "60", cbs: "60" },
  "200036": { cst: "200", ibs: "60", cbs: "60" },
  "200037": { cst: "200", ibs: "60", cbs: "60" },
  "200038": { cst: "200", ibs: "60", cbs: "60" },
  "200039": { cst: "200", ibs: "60", cbs: "60" },
  "200040": { cst: "200", ibs: "60", cbs: "60" },
  "200041": { cst: "200", ibs: "60", cbs: "60" },
  "200042": { cst: "200", ibs: "60", cbs: "60" },
  "200043": { cst: "200", ibs: "60", cbs: "60" },
  "200044": { cst: "200", ibs: "60", cbs: "60" },
  "200045": { cst: "200", ibs: "60", cbs: "60" },
  "200046": { cst: "200", ibs: "50", cbs: "50" },
  "200047": { cst: "200", ibs: "40", cbs: "40" },
  "200048": { cst: "200", ibs: "40", cbs: "40" },
  "200049": { cst: "200", ibs: "40", cbs: "40" },
  "200050": { cst: "200", ibs: "40", cbs: "40" },
  "200051": { cst: "200", ibs: "40", cbs: "40" },
  "200052": { cst: "200", ibs: "30", cbs: "30" },
  "200053": { cst: "200", ibs: "100", cbs: "100" },
  "200054": { cst: "200", ibs: "100", cbs: "100" },
  "515001": { cst: "515", ibs: "60", cbs: "60" },
};

/** Classes with ind_gTribRegular 1: their pIBSUF, pIBSMun and pCBS are zero (NT 2025.002 UB18-10, UB37-10, UB56-10, exception). */
export const REGULAR_TAXATION_CLASSES: ReadonlySet<string> = new Set([
  "200022", "200024", "550001", "550002", "550003", "550004", "550005", "550006",
  "550007", "550008", "550009", "550010", "550011", "550012", "550013", "550014",
  "550015", "550016", "550017", "550018", "550019", "550020", "550021", "550022",
  "550023", "550024", "550025",
]);
