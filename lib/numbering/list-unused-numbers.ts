import type { DocumentStatus, Environment } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import type { FiscalModel } from "./allocate-number";
import { NUMBER_HOLDER_SELECT, numberHold } from "./number-holders";

export type UnusedNumber = { number: number; documentId: string; status: DocumentStatus };
export type UnusedNumberGroup = {
  model: FiscalModel;
  series: number;
  environment: Environment;
  numbers: UnusedNumber[];
  /** Consecutive runs, ready to become inutilization requests. */
  ranges: { startNumber: number; endNumber: number }[];
};

function toRanges(numbers: number[]): { startNumber: number; endNumber: number }[] {
  const ranges: { startNumber: number; endNumber: number }[] = [];
  for (const n of numbers) {
    const last = ranges.at(-1);
    if (last && n === last.endNumber + 1) last.endNumber = n;
    else if (!last || n > last.endNumber) ranges.push({ startNumber: n, endNumber: n });
  }
  return ranges;
}

/**
 * Numbers given to NF-e/NFC-e that can never be used (REJECTED on a refusal
 * that names the document, or confirmed absent at the authority: see
 * number-holders.ts), grouped by series: they must later be declared unused by
 * inutilization (MOC 4.00, NfeInutilizacao) unless re-emitted. Numbers still
 * being emitted, waiting for a re-send or possibly authorized upstream are
 * left out, as are numbers already covered by an authorized inutilization.
 */
export async function listUnusedNumbers(companyId: string, client: DbClient = db): Promise<UnusedNumberGroup[]> {
  const [documents, inutilized] = await Promise.all([
    client.fiscalDocument.findMany({
      where: { companyId, type: { in: ["NFE", "NFCE"] }, number: { gt: 0 }, status: "REJECTED" },
      select: { id: true, type: true, series: true, number: true, environment: true, ...NUMBER_HOLDER_SELECT },
      orderBy: [{ environment: "asc" }, { type: "asc" }, { series: "asc" }, { number: "asc" }],
    }),
    client.inutilization.findMany({
      where: { companyId, status: "AUTHORIZED" },
      select: { model: true, series: true, environment: true, startNumber: true, endNumber: true },
    }),
  ]);
  const groups = new Map<string, UnusedNumberGroup>();
  for (const doc of documents) {
    if (numberHold(doc)) continue;
    const model: FiscalModel = doc.type === "NFE" ? 55 : 65;
    const series = doc.series ?? 0;
    const covered = inutilized.some(
      (i) => Number(i.model) === model && i.series === series && i.environment === doc.environment && doc.number >= i.startNumber && doc.number <= i.endNumber,
    );
    if (covered) continue;
    const key = `${doc.environment}:${model}:${series}`;
    let group = groups.get(key);
    if (!group) {
      group = { model, series, environment: doc.environment, numbers: [], ranges: [] };
      groups.set(key, group);
    }
    group.numbers.push({ number: doc.number, documentId: doc.id, status: doc.status });
  }
  for (const group of groups.values()) group.ranges = toRanges(group.numbers.map((n) => n.number));
  return [...groups.values()];
}
