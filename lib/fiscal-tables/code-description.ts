import { loadTable, type FiscalTableName } from "./load-tables";

// Code → description maps of the tables that also validate codes (national
// service list, NBS), built once per process from the same entries the pickers search.

const byTable = new Map<FiscalTableName, Map<string, string>>();

/** Description of `code` in `table`, "" when the official row has none, null when the table has no such code. */
export function codeDescription(table: FiscalTableName, code: string): string | null {
  let descriptions = byTable.get(table);
  if (!descriptions) {
    descriptions = new Map(loadTable(table).map((entry) => [entry.code, entry.description]));
    byTable.set(table, descriptions);
  }
  return descriptions.get(code) ?? null;
}

/** "Campinas / SP" for an IBGE municipality code (the DANFSe prints the taker's cMun this way); the code itself when unknown. */
export function municipalityLabel(code: string): string {
  const name = codeDescription("municipality", code);
  if (!name) return code;
  return `${name} / ${loadTable("municipality").find((entry) => entry.code === code)?.detail ?? ""}`.replace(/ \/ $/, "");
}
