import { db } from "@/lib/db/client";
import { EXPORT_PAGE_SIZE } from "./config";
import { periodBounds } from "./period";
import type { ExportCriteria } from "./walk-documents";

// The NF-e and NFS-e other companies issued to this one (lib/received), for include.received: those
// whose full XML has arrived, by issue date in the period, a page at a time (id cursor) so
// memory stays flat like the issued documents' walk.

export type ExportedReceived = { id: string; documentType: string; accessKey: string; issueDate: Date; xml: string };

function receivedWhere(c: ExportCriteria) {
  const { gte, lt } = periodBounds(c.from, c.to);
  return { companyId: c.companyId, environment: c.environment, xml: { not: null }, issueDate: { gte, lt } };
}

export function countReceived(c: ExportCriteria): Promise<number> {
  return db.receivedDocument.count({ where: receivedWhere(c) });
}

export async function* receivedPages(c: ExportCriteria): AsyncGenerator<ExportedReceived[]> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.receivedDocument.findMany({
      where: receivedWhere(c),
      orderBy: { id: "asc" },
      take: EXPORT_PAGE_SIZE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: { id: true, documentType: true, accessKey: true, issueDate: true, xml: true },
    });
    if (rows.length === 0) return;
    yield rows.map((row) => ({ id: row.id, documentType: row.documentType, accessKey: row.accessKey, issueDate: row.issueDate, xml: row.xml! }));
    cursor = rows[rows.length - 1]!.id;
    if (rows.length < EXPORT_PAGE_SIZE) return;
  }
}
