import path from "node:path";
import { env } from "@/lib/config/env";

// Exports for the accountant: limits and where the ZIP files live.
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest period of one export (a year and a day covers any 12 calendar months). */
export const EXPORT_MAX_DAYS = 366;
/** Exports of one company waiting or building at once; more answer 429. */
export const EXPORTS_IN_FLIGHT_PER_COMPANY = 3;
/** Documents listed per query while building (without their XML). */
export const EXPORT_PAGE_SIZE = 200;
/**
 * XML read from the database at once while building: bounds the memory an export holds, whatever
 * the documents' size. Small enough that a batch's strings die young (in V8's new space) instead
 * of piling up in the old space until a full collection.
 */
export const EXPORT_XML_BATCH_BYTES = 1024 * 1024;
/** The monthly accountant export is created on the first days of the month (catching up a server that was down on the 1st). */
export const MONTHLY_EXPORT_LAST_DAY = 3;

export const BUILD_EXPORT_EVENT = "fiscal/export.requested";
export const BUILD_EXPORT_FUNCTION_ID = "build-document-export";
export const EXPORTS_HOUSEKEEPING_FUNCTION_ID = "exports-housekeeping";

/** EXPORTS_DIR, or tmp/exports under DATA_DIR. Every process that builds or serves exports must see the same directory. */
export function exportsDirectory(): string {
  const config = env();
  return config.EXPORTS_DIR ?? path.join(config.DATA_DIR, "tmp", "exports");
}

export function exportFilePath(exportId: string): string {
  return path.join(exportsDirectory(), `${exportId}.zip`);
}
