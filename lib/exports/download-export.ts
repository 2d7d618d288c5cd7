import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ExportStatus } from "@prisma/client";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { exportFilePath } from "./config";
import { findExport, isExpired } from "./get-export";
import { exportFileName } from "./layout";
import { checkSignedLink } from "./signed-link";

// GET /v1/exports/{id}/download (and the dashboard's and the signed link's): the ZIP
// streamed from its file, never read into memory.

async function streamExport(row: { id: string; status: ExportStatus; expiresAt: Date; fromDate: string; toDate: string; company: { cnpj: string } }): Promise<Response> {
  if (isExpired(row)) throw new DomainError(410, "export_expired", "The export expired (exports are kept for 7 days); create a new one");
  if (row.status !== "READY") throw new DomainError(409, "export_not_ready", `The export is ${row.status}; download it once GET /v1/exports/{id} says READY`);
  const file = exportFilePath(row.id);
  const info = await stat(file).catch(() => null);
  if (!info) throw new DomainError(410, "export_expired", "The export's file is gone; create a new one");
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "application/zip",
      "content-length": String(info.size),
      "content-disposition": `attachment; filename="${exportFileName(row.company.cnpj, row.fromDate, row.toDate)}"`,
      "cache-control": "private, no-store",
    },
  });
}

export async function downloadExport(companyId: string, id: string): Promise<Response> {
  return streamExport(await findExport(companyId, id));
}

/** The signed link (no session): 403 invalid_download_link when tampered, 410 when expired. */
export async function downloadExportBySignedLink(id: string, query: { expires: number; signature: string }): Promise<Response> {
  const check = checkSignedLink(id, query.expires, query.signature);
  if (check === "invalid") throw new DomainError(403, "invalid_download_link", "This download link is not valid");
  if (check === "expired") throw new DomainError(410, "export_expired", "This download link expired; ask for a new export");
  const row = await db.documentExport.findUnique({ where: { id }, include: { company: { select: { cnpj: true } } } });
  if (!row) throw notFound("Export");
  return streamExport(row);
}
