import type { Environment } from "@prisma/client";
import { randomUUID } from "node:crypto";
import { db, type DbClient } from "@/lib/db/client";
import { sqlOn } from "@/lib/db/sql";
import { withTransaction } from "@/lib/db/with-transaction";
import { notFound, validationError } from "@/lib/errors";
import { MAX_DOCUMENT_NUMBER, type FiscalModel } from "./allocate-number";

export type SeriesCounter = { model: FiscalModel; series: number; environment: Environment; nextNumber: number; isDefault: boolean; autoInutilize: boolean };

/**
 * Next number per series for the dashboard: every counter of the company, plus
 * the company's default series of each model in its current environment (next 1
 * when never used).
 */
export async function listSeriesCounters(companyId: string, client: DbClient = db): Promise<SeriesCounter[]> {
  const company = await client.company.findFirst({ where: { id: companyId }, select: { nfeSeries: true, nfceSeries: true, dpsSeries: true, environment: true } });
  if (!company) throw notFound("Company");
  const rows = await client.numberingSeries.findMany({
    where: { companyId },
    orderBy: [{ environment: "asc" }, { model: "asc" }, { series: "asc" }],
    select: { model: true, series: true, environment: true, nextNumber: true, autoInutilize: true },
  });
  const defaults: Record<FiscalModel, number> = { 55: company.nfeSeries, 65: company.nfceSeries, 99: company.dpsSeries, 58: 1 };
  const isDefault = (model: number, series: number, environment: Environment) =>
    environment === company.environment && defaults[model as FiscalModel] === series;
  const counters: SeriesCounter[] = rows.map((r) => ({ ...r, model: r.model as FiscalModel, isDefault: isDefault(r.model, r.series, r.environment) }));
  for (const model of [55, 65] as const) {
    if (!counters.some((c) => c.isDefault && c.model === model)) {
      counters.push({ model, series: defaults[model], environment: company.environment, nextNumber: 1, isDefault: true, autoInutilize: false });
    }
  }
  return counters.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.model - b.model || a.series - b.series);
}

const LOCK = `SELECT "nextNumber" FROM "NumberingSeries"
  WHERE "companyId" = $1 AND "model" = $2 AND "series" = $3 AND "environment" = CAST($4 AS "Environment") FOR UPDATE`;
const CREATE = `INSERT INTO "NumberingSeries" ("id", "companyId", "model", "series", "environment", "nextNumber", "createdAt", "updatedAt")
  VALUES ($5, $1, $2, $3, CAST($4 AS "Environment"), $6, now(), now())
  ON CONFLICT ("companyId", "model", "series", "environment") DO NOTHING RETURNING "nextNumber"`;
const HIGHEST_HELD = `SELECT COALESCE(max("number"), 0)::int AS "used" FROM "FiscalDocument"
  WHERE "companyId" = $1 AND "type" = CAST($2 AS "DocumentType") AND "series" = $3 AND "environment" = CAST($4 AS "Environment")`;
// MDF-e (model 58) numbers are held by transport manifests (lib/mdfe), not fiscal documents.
const HIGHEST_HELD_MDFE = `SELECT COALESCE(max("number"), 0)::int AS "used" FROM "TransportManifest"
  WHERE "companyId" = $1 AND "series" = $2 AND "environment" = CAST($3 AS "Environment")`;
const UPDATE = `UPDATE "NumberingSeries" SET "nextNumber" = $5, "updatedAt" = now()
  WHERE "companyId" = $1 AND "model" = $2 AND "series" = $3 AND "environment" = CAST($4 AS "Environment")`;

/**
 * Sets the next number of a series (e.g. a company moving from another issuer
 * continues its sequence). Going backwards is refused when it would hand out a
 * number some document of that series already holds.
 *
 * Under the series row's lock (issue 49, finding 3): an allocation in flight
 * (lib/numbering/allocate-number.ts, which writes the number onto its document
 * in the same transaction) commits first, and the highest held number is read
 * after it, by a later statement; the value an ERP re-sends unchanged writes
 * nothing. Read-compare-upsert without the lock set the counter back under an
 * emission that had just taken the number, and the next NFC-e got it again.
 */
export async function setNextNumber(
  key: { companyId: string; model: FiscalModel; series: number; environment: Environment; nextNumber: number },
  client: DbClient = db,
): Promise<void> {
  if (!Number.isInteger(key.nextNumber) || key.nextNumber < 1 || key.nextNumber > MAX_DOCUMENT_NUMBER) {
    throw validationError(`nextNumber must be an integer from 1 to ${MAX_DOCUMENT_NUMBER}`);
  }
  const series = [key.companyId, key.model, key.series, key.environment];
  await withTransaction(client, async (tx) => {
    const [locked] = await sqlOn<{ nextNumber: number }>(tx, LOCK, series);
    if (locked && Number(locked.nextNumber) === key.nextNumber) return;
    // A series never numbered gets its row now (a concurrent first allocation may create it first: lock that one).
    const created = locked ? [] : await sqlOn(tx, CREATE, [...series, randomUUID(), key.nextNumber]);
    if (!locked && created.length === 0) {
      const [raced] = await sqlOn<{ nextNumber: number }>(tx, LOCK, series);
      if (Number(raced!.nextNumber) === key.nextNumber) return;
    }
    const type = key.model === 55 ? "NFE" : key.model === 65 ? "NFCE" : "NFSE";
    const highest = key.model === 58 ? sqlOn<{ used: number }>(tx, HIGHEST_HELD_MDFE, [key.companyId, key.series, key.environment]) : sqlOn<{ used: number }>(tx, HIGHEST_HELD, [key.companyId, type, key.series, key.environment]);
    const [{ used }] = (await highest) as [{ used: number }];
    if (key.nextNumber <= used) {
      throw validationError(
        `Series ${key.series} of model ${key.model} already used number ${used}; the next number must be greater than ${used}`,
      );
    }
    if (created.length === 0) await sqlOn(tx, UPDATE, [...series, key.nextNumber]);
  });
}

/**
 * Turns the automatic inutilization of a series' confirmed gaps on or off (issue 56 item 5,
 * lib/inutilizations/auto-inutilize.ts). A series never numbered gets its counter row now (next 1).
 */
export async function setAutoInutilize(
  key: { companyId: string; model: FiscalModel; series: number; environment: Environment; autoInutilize: boolean },
  client: DbClient = db,
): Promise<void> {
  if (key.model === 99) throw validationError("automatic inutilization applies to NF-e and NFC-e series only");
  await client.numberingSeries.upsert({
    where: { companyId_model_series_environment: { companyId: key.companyId, model: key.model, series: key.series, environment: key.environment } },
    create: { companyId: key.companyId, model: key.model, series: key.series, environment: key.environment, nextNumber: 1, autoInutilize: key.autoInutilize },
    update: { autoInutilize: key.autoInutilize },
  });
}
