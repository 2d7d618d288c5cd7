import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { CST_REQUIRING_GRED, IBS_CBS_CLASSES, RATE_REDUCTIONS } from "./ibs-cbs-classifications";

const read = (dataDir: string, file: string) => parse(readFileSync(path.join(dataDir, file), "utf8"), { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];

/**
 * What a refreshed table (npm run tables:ibscbs, lib/fiscal-tables/ibscbs-table) changes for the rules encoded by hand in lib/tax/data/ibs-cbs-classifications.ts
 * (checked against the CSVs by its test): classes added or removed, and changed reductions or document flags.
 */
export function classificationDrift(dataDir: string): string[] {
  const classes = read(dataDir, "cclasstrib.csv");
  const drift: string[] = [];
  const inTable = new Set(classes.map((row) => row.cClassTrib!));
  for (const row of classes) {
    const code = row.cClassTrib!;
    const known = IBS_CBS_CLASSES[code];
    if (!known) drift.push(`cClassTrib ${code} (CST ${row["CST-IBS/CBS"]}) is new`);
    else if (known.cst !== row["CST-IBS/CBS"] || known.nfe !== (row.indNFe === "1") || known.nfce !== (row.indNFCe === "1")) drift.push(`cClassTrib ${code}: CST or indNFe/indNFCe changed`);
    const reduction = RATE_REDUCTIONS[code];
    if (CST_REQUIRING_GRED.has(row["CST-IBS/CBS"]!) && (!reduction || reduction.ibs !== row.pRedIBS || reduction.cbs !== row.pRedCBS)) {
      drift.push(`cClassTrib ${code}: pRedIBS ${row.pRedIBS} / pRedCBS ${row.pRedCBS} differ from RATE_REDUCTIONS`);
    }
  }
  for (const code of Object.keys(IBS_CBS_CLASSES)) if (!inTable.has(code)) drift.push(`cClassTrib ${code} is no longer in the table`);
  return drift;
}
