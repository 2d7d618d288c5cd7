import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CST_REQUIRING_DEFERRAL, CST_REQUIRING_GRED, IBS_CBS_CLASSES, IBS_CBS_CSTS, RATE_REDUCTIONS, REGULAR_TAXATION_CLASSES } from "./ibs-cbs-classifications";

// The encoded reductions against the vendored official tables (version 2026-06-22).
const DATA = path.join(__dirname, "..", "..", "fiscal-tables", "data");
const read = (file: string) => parse(readFileSync(path.join(DATA, file), "utf8"), { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];

describe("IBS/CBS classifications", () => {
  const classes = read("cclasstrib.csv");

  it("the CSTs requiring gRed are those with ind_gRed 1 in the CST table", () => {
    const fromTable = read("cst-ibscbs.csv").filter((row) => row.ind_gRed === "1").map((row) => row["CST-IBS/CBS"]);
    expect([...CST_REQUIRING_GRED].sort()).toEqual(fromTable.sort());
  });

  it("every class of those CSTs has its pRedIBS and pRedCBS, and no other class is listed", () => {
    const expected = classes.filter((row) => CST_REQUIRING_GRED.has(row["CST-IBS/CBS"]!));
    expect(Object.keys(RATE_REDUCTIONS).sort()).toEqual(expected.map((row) => row.cClassTrib).sort());
    for (const row of expected) expect(RATE_REDUCTIONS[row.cClassTrib!], row.cClassTrib).toEqual({ cst: row["CST-IBS/CBS"], ibs: row.pRedIBS, cbs: row.pRedCBS });
    expect(RATE_REDUCTIONS["200003"]).toEqual({ cst: "200", ibs: "100", cbs: "100" });
  });

  it("the regular-taxation classes are those with ind_gTribRegular 1", () => {
    expect([...REGULAR_TAXATION_CLASSES].sort()).toEqual(classes.filter((row) => row.ind_gTribRegular === "1").map((row) => row.cClassTrib).sort());
  });

  it("the CSTs requiring gDif are those with ind_gDif 1, and every CST of the table is known", () => {
    const csts = read("cst-ibscbs.csv").filter((row) => /^\d{3}$/.test(row["CST-IBS/CBS"] ?? "") && row.ind_gIBSCBS !== "");
    expect([...CST_REQUIRING_DEFERRAL].sort()).toEqual(csts.filter((row) => row.ind_gDif === "1").map((row) => row["CST-IBS/CBS"]).sort());
    expect([...IBS_CBS_CSTS].sort()).toEqual(csts.map((row) => row["CST-IBS/CBS"]).sort());
  });

  it("every class of the table is listed with its CST and its indNFe / indNFCe", () => {
    expect(Object.keys(IBS_CBS_CLASSES).sort()).toEqual(classes.map((row) => row.cClassTrib).sort());
    for (const row of classes) expect(IBS_CBS_CLASSES[row.cClassTrib!], row.cClassTrib).toEqual({ cst: row["CST-IBS/CBS"], nfe: row.indNFe === "1", nfce: row.indNFCe === "1" });
    expect(IBS_CBS_CLASSES["000001"]).toEqual({ cst: "000", nfe: true, nfce: true });
  });
});
