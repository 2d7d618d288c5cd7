// `npm run tables:ibscbs -- <downloaded.xlsx> [--version AAAA-MM-DD] [--source "…"] [--data-dir DIR]`
// Refreshes the IBS/CBS CST and cClassTrib tables (lib/fiscal-tables/data) from a downloaded
// edition of the official table (issue 48 item 7; docs/operations.md, "Code tables"), then
// lists what the hand-kept rules in lib/tax/data/ibs-cbs-classifications.ts must follow.
import path from "node:path";
import { parseArgs } from "node:util";
import { refreshIbsCbsTables } from "@/lib/fiscal-tables/ibscbs-table/refresh-ibscbs-tables";
import { classificationDrift } from "@/lib/tax/data/classification-drift";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { version: { type: "string" }, source: { type: "string" }, "data-dir": { type: "string" } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error("usage: npm run tables:ibscbs -- <cClassTrib AAAA-MM-DD.xlsx> [--version AAAA-MM-DD] [--source TEXT] [--data-dir DIR]");
    return 2;
  }
  const dataDir = values["data-dir"] ?? path.join(process.cwd(), "lib", "fiscal-tables", "data");
  const metadata = await refreshIbsCbsTables({ file, dataDir, version: values.version, source: values.source });
  console.log(`IBS/CBS tables refreshed: edition ${metadata.version}, ${metadata.cstRows} CST and ${metadata.classRows} cClassTrib rows, from ${metadata.file} (sha256 ${metadata.sha256})`);
  const drift = classificationDrift(dataDir);
  if (drift.length) {
    console.log("lib/tax/data/ibs-cbs-classifications.ts no longer matches the table (its test will say so); update it:");
    for (const line of drift) console.log(`  ${line}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
