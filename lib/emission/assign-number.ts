import { stateInfo } from "@/lib/br";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { buildAccessKey, randomCnf } from "@/lib/fiscal/nfe";
import { allocateNumber } from "@/lib/numbering";
import { lockRunDocument } from "./load-run-document";
import { checkEmissionPrerequisites } from "./prerequisites";
import type { EmissionRefusal, EmissionRun, Superseded } from "./outcomes";

export type NumberAssigned = { kind: "numbered"; series: number; number: number; accessKey: string; reused: boolean };

/**
 * Step 1 of an emission: prerequisites, then the number and access key, once.
 * A document that already has them (re-emission after a rejection or a lost
 * answer) keeps them (MOC 4.00: the number stays with the document), so the
 * authority can recognise a resend as the same NF-e.
 */
export async function assignEmissionNumber(run: EmissionRun): Promise<NumberAssigned | EmissionRefusal | Superseded> {
  const target = await db.fiscalDocument.findFirst({ where: { id: run.documentId, companyId: run.companyId }, select: { type: true, runId: true } });
  // With Inngest the event may arrive before the emitting transaction commits: retry until the run is visible.
  // The document's runId is written in that same transaction, so seeing it proves the commit (one query fewer).
  if (target?.runId !== run.runId && !(await db.backgroundRun.findUnique({ where: { id: run.runId }, select: { id: true } }))) {
    throw new Error(`Run ${run.runId} is not committed yet (or its transaction rolled back)`);
  }
  if (!target) return { kind: "superseded", status: "missing" };
  const refusal = await checkEmissionPrerequisites(run.companyId, target.type);
  if (refusal) return refusal;
  return db.$transaction(async (tx) => {
    const document = await lockRunDocument(tx, run);
    if (!document) return { kind: "superseded", status: "not this run's" } satisfies Superseded;
    if (document.number > 0 && document.accessKey && document.series !== null) {
      return { kind: "numbered", series: document.series, number: document.number, accessKey: document.accessKey, reused: true } satisfies NumberAssigned;
    }
    const company = await tx.company.findUniqueOrThrow({ where: { id: run.companyId }, select: { cnpj: true, state: true, nfeSeries: true, nfceSeries: true } });
    const model = document.type === "NFCE" ? 65 : 55;
    const series = document.series ?? (model === 65 ? company.nfceSeries : company.nfeSeries);
    try {
      const number = await allocateNumber(tx, { companyId: run.companyId, model, series, environment: document.environment });
      const cNF = randomCnf(number);
      const state = stateInfo(company.state);
      const accessKey = buildAccessKey({
        cUF: state.cUF,
        yearMonth: yearMonthIn(document.issueDateTime, state.timezone),
        issuerDocument: company.cnpj,
        model: model === 65 ? "65" : "55",
        series,
        number,
        tpEmis: "1",
        cNF,
      });
      await tx.fiscalDocument.update({ where: { id: document.id }, data: { series, number, cNF, accessKey } });
      return { kind: "numbered", series, number, accessKey, reused: false } satisfies NumberAssigned;
    } catch (error) {
      if (error instanceof DomainError) return { kind: "refused", code: error.code, reason: error.message } satisfies EmissionRefusal;
      throw error;
    }
  });
}

/** AAMM of dhEmi as the issuer's clock shows it (the key's AAMM must match dhEmi). */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function yearMonthIn(date: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) formatters.set(timeZone, (formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "2-digit", month: "2-digit" })));
  const parts = formatter.formatToParts(date);
  const year = parts.find((p) => p.type === "year")?.value ?? "";
  const month = parts.find((p) => p.type === "month")?.value ?? "";
  return `${year}${month}`;
}
