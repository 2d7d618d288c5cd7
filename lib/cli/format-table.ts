/** A plain-text table for list commands without --json: one header row, columns padded to their widest cell. */
export function formatTable(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return "(none)";
  const columns = Object.keys(rows[0]!);
  const cells = rows.map((row) => columns.map((column) => cellText(row[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]!.length)));
  const render = (line: string[]) => line.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd();
  return [render(columns), render(widths.map((w) => "-".repeat(w))), ...cells.map(render)].join("\n");
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
