import type { TransportManifest, TransportManifestEvent } from "@prisma/client";
import { db } from "@/lib/db/client";
import { EXPORT_PAGE_SIZE } from "./config";
import { periodBounds } from "./period";
import type { ExportCriteria } from "./walk-documents";

// The company's MDF-e (issue 55: "exports include MDF-e XMLs") issued in the period, with the
// NF-e they carry (criteria.types has NFE): those the SVRS answered (AUTHORIZED, CLOSED,
// CANCELLED: their mdfeProc) and those issued in contingency not yet transmitted (their signed
// MDFe, the record of a manifest valid for the trip), with their registered events. A page at a
// time (id cursor) so memory stays flat like the documents' walk.

export type ExportedManifest = Pick<TransportManifest, "id" | "accessKey" | "status" | "xml" | "issuedAt"> & { events: Pick<TransportManifestEvent, "eventCode" | "sequence" | "responseXml">[] };

const EXPORTED_STATUSES = ["AUTHORIZED", "CLOSED", "CANCELLED", "CONTINGENCY"] as const;

function manifestWhere(c: ExportCriteria) {
  const { gte, lt } = periodBounds(c.from, c.to);
  return { companyId: c.companyId, environment: c.environment, status: { in: [...EXPORTED_STATUSES] }, issuedAt: { gte, lt } };
}

export function exportsManifests(c: ExportCriteria): boolean {
  return c.types.includes("NFE");
}

export function countManifests(c: ExportCriteria): Promise<number> {
  return exportsManifests(c) ? db.transportManifest.count({ where: manifestWhere(c) }) : Promise.resolve(0);
}

export async function* manifestPages(c: ExportCriteria): AsyncGenerator<ExportedManifest[]> {
  if (!exportsManifests(c)) return;
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.transportManifest.findMany({
      where: manifestWhere(c),
      orderBy: { id: "asc" },
      take: EXPORT_PAGE_SIZE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: { id: true, accessKey: true, status: true, xml: true, issuedAt: true, events: { where: { status: "REGISTERED" }, orderBy: { createdAt: "asc" }, select: { eventCode: true, sequence: true, responseXml: true } } },
    });
    if (rows.length === 0) return;
    yield rows;
    cursor = rows[rows.length - 1]!.id;
    if (rows.length < EXPORT_PAGE_SIZE) return;
  }
}
