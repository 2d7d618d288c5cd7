import type { Environment } from "@prisma/client";
import { stateInfo } from "@/lib/br";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { listUnusedNumbers } from "@/lib/numbering";
import { createInutilization, localYear } from "./create-inutilization";

// Confirmed gaps inutilized before the legal deadline (issue 56 item 5; docs/api-notes/inutilizations.md).
// Ajuste SINIEF 07/05, cláusula décima quarta: the issuer asks for the inutilization of numbers not
// used, when the sequence breaks, by the 10th day of the following month. A series opts in
// (NumberingSeries.autoInutilize, off by default). A number is a confirmed gap when the numbering
// module says it can never be used (listUnusedNumbers: a final refusal, not in flight, not waiting
// for a re-send, not covered by an authorized range) and its document has not changed for the
// safety margin (AUTO_INUTILIZATION_MARGIN_HOURS): time to fix and re-emit it under its number.
// Idempotent: the job first completes its own PENDING requests with their very range (an unanswered
// or crashed call; the authority's 563 completes it), never touches numbers inside a PENDING range
// or one the authority refused to the job (support acts on those), and createInutilization checks
// the range again under the series' authority-call claim (a number re-emitted meanwhile is refused
// 422 inutilization_range_in_use and stays with its document).

/** xJust (15-255 characters, written in ISO-8859-1 by fiscalText). */
export const AUTO_INUTILIZATION_JUSTIFICATION = "Numeracao nao utilizada: NF-e rejeitada pela SEFAZ, inutilizacao automatica da quebra de sequencia";

export type AutoInutilizationTarget = { companyId: string; model: "55" | "65"; series: number; environment: Environment };
export type AutoInutilizationOutcome = {
  startNumber: number;
  endNumber: number;
  year: string;
  result: "AUTHORIZED" | "PENDING" | "REJECTED" | "SKIPPED";
  inutilizationId?: string;
  reason?: string;
};
export type AutoInutilizationReport = AutoInutilizationTarget & { outcomes: AutoInutilizationOutcome[]; waiting: number };

/** The series whose gaps the job voids: opted in, NF-e/NFC-e, in the company's current environment. */
export async function listAutoInutilizationTargets(options: { companyIds?: string[] } = {}): Promise<AutoInutilizationTarget[]> {
  const rows = await db.numberingSeries.findMany({
    where: { autoInutilize: true, model: { in: [55, 65] }, ...(options.companyIds ? { companyId: { in: options.companyIds } } : {}) },
    select: { companyId: true, model: true, series: true, environment: true, company: { select: { environment: true } } },
    orderBy: [{ companyId: "asc" }, { model: "asc" }, { series: "asc" }],
  });
  return rows
    .filter((row) => row.environment === row.company.environment)
    .map((row) => ({ companyId: row.companyId, model: row.model === 65 ? "65" : "55", series: row.series, environment: row.environment }));
}

function toRanges(numbers: number[]): { startNumber: number; endNumber: number }[] {
  const ranges: { startNumber: number; endNumber: number }[] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && n === last.endNumber + 1) last.endNumber = n;
    else if (!last || n > last.endNumber) ranges.push({ startNumber: n, endNumber: n });
  }
  return ranges;
}

async function request(target: AutoInutilizationTarget, range: { startNumber: number; endNumber: number; year: string; justification: string }, now: Date): Promise<AutoInutilizationOutcome> {
  const base = { startNumber: range.startNumber, endNumber: range.endNumber, year: range.year };
  try {
    const answer = await createInutilization({
      companyId: target.companyId,
      body: { series: target.series, model: target.model, startNumber: range.startNumber, endNumber: range.endNumber, justification: range.justification, advanceSeries: false },
      origin: "AUTOMATIC",
      year: range.year,
      now,
    });
    return { ...base, result: answer.record.status, inutilizationId: answer.record.id };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // 422 authority_rejected leaves a REJECTED record; 503 a PENDING one completed by the next run;
    // inutilization_range_in_use: a number was re-emitted or voided meanwhile, nothing is recorded.
    const result = error.code === "authority_rejected" ? "REJECTED" : error.status === 503 ? "PENDING" : "SKIPPED";
    return { ...base, result, reason: `${error.code}: ${error.message}` };
  }
}

/** One opted-in series: its unanswered automatic requests completed, then its confirmed gaps voided. */
export async function autoInutilizeSeries(target: AutoInutilizationTarget, options: { now?: Date; marginHours?: number } = {}): Promise<AutoInutilizationReport> {
  const now = options.now ?? new Date();
  const marginMs = (options.marginHours ?? env().AUTO_INUTILIZATION_MARGIN_HOURS) * 3_600_000;
  const report: AutoInutilizationReport = { ...target, outcomes: [], waiting: 0 };
  const setting = await db.numberingSeries.findFirst({
    where: { companyId: target.companyId, model: Number(target.model), series: target.series, environment: target.environment, autoInutilize: true },
    select: { company: { select: { environment: true, state: true } } },
  });
  // Turned off, or the company changed environment, since the targets were listed.
  if (!setting || setting.company.environment !== target.environment) return report;
  const where = { companyId: target.companyId, environment: target.environment, model: target.model, series: target.series };

  for (const pending of await db.inutilization.findMany({ where: { ...where, status: "PENDING", origin: "AUTOMATIC" }, orderBy: { createdAt: "asc" } })) {
    report.outcomes.push(await request(target, { ...pending, justification: pending.justification }, now));
  }

  const group = (await listUnusedNumbers(target.companyId)).find((g) => String(g.model) === target.model && g.series === target.series && g.environment === target.environment);
  if (!group || group.numbers.length === 0) return report;
  const [documents, blocked] = await Promise.all([
    db.fiscalDocument.findMany({
      where: { companyId: target.companyId, id: { in: group.numbers.map((n) => n.documentId) } },
      select: { number: true, updatedAt: true, accessKey: true, issueDateTime: true },
    }),
    // Numbers inside a request still unanswered, or one the authority refused to the job: never sent again by it.
    db.inutilization.findMany({
      where: { ...where, OR: [{ status: "PENDING" }, { status: "REJECTED", origin: "AUTOMATIC" }] },
      select: { startNumber: true, endNumber: true, year: true },
    }),
  ]);
  const timezone = stateInfo(setting.company.state).timezone;
  const byYear = new Map<string, number[]>();
  for (const document of documents) {
    if (now.getTime() - document.updatedAt.getTime() < marginMs) {
      report.waiting += 1;
      continue;
    }
    // The numbers of one year are voided together (inutNFe's ano): the key's AA, else the issue date's year.
    const year = document.accessKey?.slice(2, 4) ?? localYear(document.issueDateTime, timezone);
    if (blocked.some((b) => b.year === year && document.number >= b.startNumber && document.number <= b.endNumber)) continue;
    byYear.set(year, [...(byYear.get(year) ?? []), document.number]);
  }
  for (const [year, numbers] of [...byYear].sort(([a], [b]) => a.localeCompare(b))) {
    for (const range of toRanges(numbers)) report.outcomes.push(await request(target, { ...range, year, justification: AUTO_INUTILIZATION_JUSTIFICATION }, now));
  }
  return report;
}

/** Every opted-in series, one after the other (the local driver's timer; Inngest runs them as steps). */
export async function runAutoInutilization(now = new Date()): Promise<AutoInutilizationReport[]> {
  const reports: AutoInutilizationReport[] = [];
  for (const target of await listAutoInutilizationTargets()) {
    try {
      reports.push(await autoInutilizeSeries(target, { now }));
    } catch (error) {
      console.error(`automatic inutilization of ${target.companyId} model ${target.model} series ${target.series} failed`, error);
    }
  }
  return reports;
}
