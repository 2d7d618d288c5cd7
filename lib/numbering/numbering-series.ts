import type { Environment } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { notFound, validationError } from "@/lib/errors";
import { MAX_DOCUMENT_NUMBER, type FiscalModel } from "./allocate-number";

export type SeriesCounter = { model: FiscalModel; series: number; environment: Environment; nextNumber: number; isDefault: boolean };

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
    select: { model: true, series: true, environment: true, nextNumber: true },
  });
  const defaults: Record<FiscalModel, number> = { 55: company.nfeSeries, 65: company.nfceSeries, 99: company.dpsSeries };
  const isDefault = (model: number, series: number, environment: Environment) =>
    environment === company.environment && defaults[model as FiscalModel] === series;
  const counters: SeriesCounter[] = rows.map((r) => ({ ...r, model: r.model as FiscalModel, isDefault: isDefault(r.model, r.series, r.environment) }));
  for (const model of [55, 65] as const) {
    if (!counters.some((c) => c.isDefault && c.model === model)) {
      counters.push({ model, series: defaults[model], environment: company.environment, nextNumber: 1, isDefault: true });
    }
  }
  return counters.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.model - b.model || a.series - b.series);
}

/**
 * Sets the next number of a series (e.g. a company moving from another issuer
 * continues its sequence). Going backwards is refused when it would hand out a
 * number some document of that series already holds.
 */
export async function setNextNumber(
  key: { companyId: string; model: FiscalModel; series: number; environment: Environment; nextNumber: number },
  client: DbClient = db,
): Promise<void> {
  if (!Number.isInteger(key.nextNumber) || key.nextNumber < 1 || key.nextNumber > MAX_DOCUMENT_NUMBER) {
    throw validationError(`nextNumber must be an integer from 1 to ${MAX_DOCUMENT_NUMBER}`);
  }
  const type = key.model === 55 ? "NFE" : key.model === 65 ? "NFCE" : "NFSE";
  const highest = await client.fiscalDocument.aggregate({
    where: { companyId: key.companyId, type, series: key.series, environment: key.environment },
    _max: { number: true },
  });
  const used = highest._max.number ?? 0;
  if (key.nextNumber <= used) {
    throw validationError(
      `Series ${key.series} of model ${key.model} already used number ${used}; the next number must be greater than ${used}`,
    );
  }
  await client.numberingSeries.upsert({
    where: { companyId_model_series_environment: { companyId: key.companyId, model: key.model, series: key.series, environment: key.environment } },
    create: { companyId: key.companyId, model: key.model, series: key.series, environment: key.environment, nextNumber: key.nextNumber },
    update: { nextNumber: key.nextNumber },
  });
}
