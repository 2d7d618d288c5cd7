import type { Company } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { conflict, notFound } from "@/lib/errors";
import { listSeriesCounters, setAutoInutilize, setNextNumber, type FiscalModel, type SeriesCounter } from "@/lib/numbering";
import type { CreateSeriesBody, SeriesType } from "./schemas";

// Numbering series through the API, in the company's current environment.
// Counters are the numbering module's (NumberingSeries); DPS series of the
// NFS-e are model 99 there. The default series of a type is a company column.

const MODEL: Record<SeriesType, FiscalModel> = { NFE: 55, NFCE: 65, NFSE: 99, MDFE: 58 };
const TYPE: Record<FiscalModel, SeriesType> = { 55: "NFE", 65: "NFCE", 99: "NFSE", 58: "MDFE" };
// The MDF-e has no default-series column: its default is series 1, the manifest request's default (docs/api-notes/mdfe.md).
const DEFAULT_COLUMN = { NFE: "nfeSeries", NFCE: "nfceSeries", NFSE: "dpsSeries", MDFE: null } as const;

const toResource = (counter: SeriesCounter) => ({
  type: TYPE[counter.model],
  series: counter.series,
  environment: counter.environment,
  nextNumber: counter.nextNumber,
  isDefault: counter.isDefault,
  autoInutilize: counter.autoInutilize,
});

export async function listCompanySeries(companyId: string, client: DbClient = db) {
  return { data: (await listSeriesCounters(companyId, client)).map(toResource) };
}

async function findSeries(companyId: string, type: SeriesType, series: number, client: DbClient) {
  const counters = await listSeriesCounters(companyId, client);
  return counters.find((c) => c.model === MODEL[type] && c.series === series);
}

async function applySeries(company: Company, body: CreateSeriesBody, tx: DbClient) {
  if (body.nextNumber !== undefined) {
    await setNextNumber({ companyId: company.id, model: MODEL[body.type], series: body.series, environment: company.environment, nextNumber: body.nextNumber }, tx);
  }
  if (body.autoInutilize !== undefined) {
    await setAutoInutilize({ companyId: company.id, model: MODEL[body.type], series: body.series, environment: company.environment, autoInutilize: body.autoInutilize }, tx);
  }
  const column = DEFAULT_COLUMN[body.type];
  if (body.default && column) await tx.company.update({ where: { id: company.id }, data: { [column]: body.series } });
  const stored = await findSeries(company.id, body.type, body.series, tx);
  return toResource(stored ?? { model: MODEL[body.type], series: body.series, environment: company.environment, nextNumber: body.nextNumber ?? 1, isDefault: false, autoInutilize: false });
}

/** Adds a series (409 when it exists in the environment); next number 1 unless given. */
export async function createCompanySeries(company: Company, body: CreateSeriesBody) {
  return withTransaction(db, async (tx) => {
    if (await findSeries(company.id, body.type, body.series, tx)) {
      throw conflict("conflict", `Series ${body.series} of ${body.type} already exists in ${company.environment}; change it with PATCH`);
    }
    return applySeries(company, { ...body, nextNumber: body.nextNumber ?? 1 }, tx);
  });
}

/** Changes an existing series' next number and/or makes it the default (404 when it does not exist). */
export async function updateCompanySeries(company: Company, body: CreateSeriesBody) {
  return withTransaction(db, async (tx) => {
    if (!(await findSeries(company.id, body.type, body.series, tx))) throw notFound(`Series ${body.series} of ${body.type}`);
    return applySeries(company, body, tx);
  });
}
