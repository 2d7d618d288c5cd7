import type { Prisma } from "@prisma/client";
import { paginate, type Page } from "@/lib/contracts/pagination";
import { db, type DbClient } from "@/lib/db/client";
import type { DocumentSummary } from "./response-schemas";
import type { ListDocumentsQuery } from "./schemas";
import { summarizeDocument } from "./serialize-document";

/** Extra filters of the dashboard list (not part of the public query); from/to are issue dates (YYYY-MM-DD), both inclusive. */
export type DocumentListFilters = { clientId?: string; from?: string; to?: string };

// Issue dates are read in Brasília time (UTC−3, no daylight saving since 2019).
const startOfDay = (date: string) => new Date(`${date}T00:00:00-03:00`);
const DAY_MS = 86_400_000;

/** Documents of the company, newest first (api.md, GET /v1/fiscal-documents; environment PRODUCTION by default, ALL for both). */
export async function listDocuments(
  input: { companyId: string; query: ListDocumentsQuery; filters?: DocumentListFilters },
  client: DbClient = db,
): Promise<Page<DocumentSummary>> {
  const { companyId, query, filters = {} } = input;
  // A lookup by externalId is a lookup: it finds the document whatever its environment unless one is asked for.
  const environment = query.environment ?? (query.externalId ? "ALL" : "PRODUCTION");
  const where: Prisma.FiscalDocumentWhereInput = {
    companyId,
    ...(environment === "ALL" ? {} : { environment }),
    ...(query.externalId ? { externalId: query.externalId } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(filters.clientId ? { clientId: filters.clientId } : {}),
    ...(filters.from || filters.to
      ? { issueDateTime: { ...(filters.from ? { gte: startOfDay(filters.from) } : {}), ...(filters.to ? { lt: new Date(startOfDay(filters.to).getTime() + DAY_MS) } : {}) } }
      : {}),
  };
  return paginate(
    query,
    () => client.fiscalDocument.count({ where }),
    async (window) => {
      const rows = await client.fiscalDocument.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window });
      return rows.map((row) => summarizeDocument(row));
    },
  );
}
