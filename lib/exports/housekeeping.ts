import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db/client";
import { exportFilePath, exportsDirectory, MONTHLY_EXPORT_LAST_DAY } from "./config";
import { createExport } from "./create-export";
import { brazilParts, previousMonth } from "./period";

// The exports' hourly housekeeping (inngest/functions/exports-housekeeping.ts with Inngest,
// a timer in the web process with the local driver): expire exports after 7 days and remove
// their files, remove part files of builds that died, and on the first days of a month create
// the previous month's export for each company with an accountant e-mail. Several processes
// may run it at once: the expiry is a conditional update and the monthly export is unique per
// company and month.

const STALE_PART_MS = 24 * 60 * 60 * 1000;

export async function expireExports(now = new Date()): Promise<number> {
  const expired = await db.documentExport.findMany({
    where: { status: { not: "EXPIRED" }, expiresAt: { lte: now } },
    select: { id: true },
    take: 1000,
  });
  for (const { id } of expired) {
    const { count } = await db.documentExport.updateMany({ where: { id, status: { not: "EXPIRED" } }, data: { status: "EXPIRED" } });
    if (count === 1) await rm(exportFilePath(id), { force: true });
  }
  // Part files of builds whose process died (a retry writes a new one).
  const dir = exportsDirectory();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith(".part"))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_PART_MS) await rm(file, { force: true });
  }
  return expired.length;
}

/** Creates the previous month's export of every company with an accountant e-mail, once per company and month. */
export async function createMonthlyExports(now = new Date()): Promise<string[]> {
  if (brazilParts(now).day > MONTHLY_EXPORT_LAST_DAY) return [];
  const month = previousMonth(now);
  const companies = await db.companyExportSettings.findMany({
    where: { accountantEmail: { not: null }, company: { exports: { none: { monthlyPeriod: month.period } } } },
    select: { companyId: true, accountantEmail: true },
  });
  const created: string[] = [];
  for (const settings of companies) {
    try {
      const { id } = await createExport(
        settings.companyId,
        { from: month.from, to: month.to, include: { xml: true, pdf: false, events: true, inutilizations: true, received: false } },
        { origin: "MONTHLY", monthlyPeriod: month.period, mailTo: settings.accountantEmail! },
      );
      created.push(id);
    } catch (error) {
      // Another process created it first (unique company + month), or the company is busy: the next hour tries again.
      if ((error as { code?: string }).code !== "P2002") console.warn(`monthly export of company ${settings.companyId}: ${(error as Error).message}`);
    }
  }
  return created;
}

export async function runExportHousekeeping(now = new Date()): Promise<{ expired: number; monthly: number }> {
  const expired = await expireExports(now);
  const monthly = await createMonthlyExports(now);
  return { expired, monthly: monthly.length };
}
