import { Prisma } from "@prisma/client";

// Rows read with plain SQL (lib/db/sql.ts) given Prisma's runtime types, from
// Prisma's own model description: Decimal columns become Prisma.Decimal and
// DateTime columns Date, also inside JSON built by PostgreSQL (nested rows).

type ModelName = Prisma.ModelName;
type FieldKinds = { decimals: string[]; dates: string[] };

const kinds = new Map<string, FieldKinds>();

function fieldKinds(model: ModelName): FieldKinds {
  let known = kinds.get(model);
  if (!known) {
    const fields = Prisma.dmmf.datamodel.models.find((m) => m.name === model)?.fields ?? [];
    if (fields.length === 0) throw new Error(`Unknown Prisma model ${model}`);
    known = {
      decimals: fields.filter((f) => f.kind === "scalar" && f.type === "Decimal").map((f) => f.name),
      dates: fields.filter((f) => f.kind === "scalar" && f.type === "DateTime").map((f) => f.name),
    };
    kinds.set(model, known);
  }
  return known;
}

/** A row of `model` as Prisma would return it. Decimals arrive as text (never a float); dates as Date or as JSON text in UTC. */
export function fromSqlRow<T>(model: ModelName, row: Record<string, unknown>): T {
  const { decimals, dates } = fieldKinds(model);
  for (const name of decimals) {
    const value = row[name];
    if (value !== null && value !== undefined && !(value instanceof Prisma.Decimal)) row[name] = new Prisma.Decimal(String(value));
  }
  for (const name of dates) {
    const value = row[name];
    if (typeof value === "string") row[name] = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) || value.length === 10 ? value : `${value}Z`);
  }
  return row as T;
}

/**
 * SQL for one row of `model` (table alias `alias`) as jsonb, with Decimal
 * columns as text so JSON never turns them into floats. For nested rows:
 * `coalesce((SELECT jsonb_agg(${jsonRow("FiscalDocumentItem", "i")}) FROM ... i), '[]')`.
 */
export function jsonRow(model: ModelName, alias: string): string {
  const { decimals } = fieldKinds(model);
  if (decimals.length === 0) return `to_jsonb(${alias})`;
  return `(to_jsonb(${alias}) || jsonb_build_object(${decimals.map((name) => `'${name}', ${alias}."${name}"::text`).join(", ")}))`;
}

/**
 * SQL inserting the rows of `model` given as a jsonb array in parameter $`param`
 * (JSON.stringify of plain objects: Decimals and Dates serialise as text, which
 * PostgreSQL converts to the column types, enums included). Only `columns` are
 * written; the others take their database default. Use inside a CTE to write a
 * document and its children in one statement.
 */
export function insertRowsSql(model: ModelName, columns: string[], param: number, returning = ""): string {
  const list = columns.map((c) => `"${c}"`).join(", ");
  return `INSERT INTO "${model}" (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::"${model}", $${param}::jsonb)${returning ? ` RETURNING ${returning}` : ""}`;
}
