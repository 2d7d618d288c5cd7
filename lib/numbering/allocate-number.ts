import { randomUUID } from "node:crypto";
import type { Environment } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { sqlOn, type Queryable } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";

// 99: DPS numbers of NFS-e (nDPS), counted like NF-e numbers (lib/emission/nfse).
export type FiscalModel = 55 | 65 | 99 | 58; // 58: MDF-e (lib/mdfe)
export type NumberingKey = { companyId: string; model: FiscalModel; series: number; environment: Environment };

// nNF is 1..999999999 and serie 0..999 (MOC 4.00, fields B07/B08).
export const MAX_DOCUMENT_NUMBER = 999_999_999;
export const MAX_SERIES = 999;

/**
 * Gives the next number of (company, model, series, environment), atomically.
 *
 * One INSERT ... ON CONFLICT DO UPDATE ... RETURNING: PostgreSQL takes the row
 * lock, so concurrent emissions queue on it and never share a number. Call it
 * inside the transaction that writes the number onto the document: if that
 * transaction rolls back, the counter rolls back too and no gap is left.
 *
 * Rule (MOC 4.00, numbering): once a number is given to a document it stays with
 * it. Re-emission after a rejection or a communication failure reuses the number
 * and the access key; callers allocate only while the document's number is 0.
 * Numbers that never reach authorization are declared unused by inutilization
 * (see listUnusedNumbers).
 */
export async function allocateNumber(tx: DbClient | Queryable, key: NumberingKey): Promise<number> {
  if (!Number.isInteger(key.series) || key.series < 0 || key.series > MAX_SERIES) {
    throw new DomainError(400, "validation_error", `series must be an integer from 0 to ${MAX_SERIES}`);
  }
  const values = [randomUUID(), key.companyId, key.model, key.series, key.environment];
  // A Prisma client or transaction, or a pg connection (the emission hot path, lib/db/sql).
  const rows = await sqlOn<{ number: number }>(tx, ALLOCATE, values);
  const number = rows.length === 0 ? MAX_DOCUMENT_NUMBER + 1 : Number(rows[0]!.number);
  if (!Number.isInteger(number) || number < 1) throw new Error("numbering allocation returned no number");
  if (number > MAX_DOCUMENT_NUMBER) {
    throw new DomainError(
      422,
      "fiscal_settings_incomplete",
      `Series ${key.series} of model ${key.model} reached the last number (${MAX_DOCUMENT_NUMBER}); configure a new series`,
    );
  }
  return number;
}

/**
 * The allocation upsert over `source`, a VALUES list or a SELECT giving (id, companyId, model,
 * series, environment): returns the allocated "number", or no row once the series is exhausted
 * (the counter then rests at MAX_DOCUMENT_NUMBER + 1 and never grows past it). Shared with emission, which embeds it in
 * the statement that also writes the number onto the document.
 */
export function numberingUpsertSql(source: string): string {
  return `
  INSERT INTO "NumberingSeries" ("id", "companyId", "model", "series", "environment", "nextNumber", "createdAt", "updatedAt")
  SELECT s.*, 2, now(), now() FROM (${source}) AS s
  ON CONFLICT ("companyId", "model", "series", "environment")
  DO UPDATE SET "nextNumber" = "NumberingSeries"."nextNumber" + 1, "updatedAt" = now()
  WHERE "NumberingSeries"."nextNumber" <= ${MAX_DOCUMENT_NUMBER}
  RETURNING "nextNumber" - 1 AS "number"`;
}

const ALLOCATE = numberingUpsertSql(`VALUES ($1::text, $2::text, $3::int, $4::int, CAST($5 AS "Environment"))`);
