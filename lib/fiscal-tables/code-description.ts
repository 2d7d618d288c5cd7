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
