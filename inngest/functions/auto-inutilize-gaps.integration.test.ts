import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { updateCompanySeries } from "@/lib/companies/api/company-series";
import { readinessChecklist } from "@/lib/companies/emission-prerequisites";
import { createDraft, createEmittingCompany, emitAndDrain } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { autoInutilizeSeries, listAutoInutilizationTargets, AUTO_INUTILIZATION_JUSTIFICATION } from "@/lib/inutilizations/auto-inutilize";
import { GAPS_PENDING_EVENT, warnPendingGaps } from "@/lib/inutilizations/gap-warning";
import { InutilizationRegisteredEventData } from "@/lib/webhooks/schemas";
import { db, type TestCompany } from "@/test/factories";
import { autoInutilizeGapsFunction } from "./auto-inutilize-gaps";

// Issue 56 item 5 against PostgreSQL and the simulator, on a simulated clock: numbers refused in
// December 2026 (this machine's date) are voided by the job in early January 2027, before the
// 10th, under the year of their keys (26). The cron function runs its real steps through
// @inngest/test; only its first and last steps are narrowed to this file's companies, since test
// files share one database.

// 4 s: generous on a loaded machine, and still short of the lost answer provoked below (9 s).
const fixture = simulatorFixture({ authorityTimeoutMs: 4000 });

const REFUSAL = { kind: "reject", cStat: "778", reason: "Rejeição: Informado NCM inexistente" } as const;

async function refusedNumber(company: TestCompany): Promise<number> {
  fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: REFUSAL, times: 1 });
  const draft = await createDraft(company.companyId);
  await emitAndDrain(company.companyId, draft.id);
  const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
  expect(document.status).toBe("REJECTED");
  return document.number;
}

async function authorizedNumber(company: TestCompany): Promise<number> {
  const draft = await createDraft(company.companyId);
  await emitAndDrain(company.companyId, draft.id);
  const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
  expect(document.status).toBe("AUTHORIZED");
  return document.number;
}

async function optIn(company: TestCompany, autoInutilize = true) {
  const row = await db.company.findUniqueOrThrow({ where: { id: company.companyId } });
  return updateCompanySeries(row, { type: "NFE", series: row.nfeSeries, autoInutilize });
}

/** Runs the cron function at `at` with its real steps (targets and warning narrowed to `companyIds`). */
async function runJob(at: Date, companyIds: string[]) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  return new InngestTestEngine({
    function: autoInutilizeGapsFunction,
    events: [{ name: "inngest/scheduled.timer", data: { cron: "TZ=America/Sao_Paulo 40 * * * *" } }],
    steps: [
      { id: "targets", handler: () => listAutoInutilizationTargets({ companyIds }) },
      { id: "warn", handler: () => warnPendingGaps(new Date(), { companyIds }) },
    ],
  }).execute();
}

const inutilized = (companyId: string) => db.inutilization.findMany({ where: { companyId }, orderBy: { startNumber: "asc" } });
const JANUARY_4 = new Date("2027-01-04T12:00:00-03:00");
const JANUARY_6 = new Date("2027-01-06T12:00:00-03:00");

afterEach(() => {
  vi.useRealTimers();
});

describe("automatic inutilization of confirmed gaps", () => {
  it("is off by default; once on, last month's gaps are voided in January before the 10th, once, with document.inutilized (origin AUTOMATIC)", { timeout: 120_000 }, async () => {
    expect(fixture.simulator).toBeDefined();
    const company = await createEmittingCompany();
    const first = await refusedNumber(company);
    await authorizedNumber(company);
    const third = await refusedNumber(company);
    const fourth = await refusedNumber(company);
    await authorizedNumber(company);
    expect([first, third, fourth]).toEqual([1, 3, 4]);

    // Off by default: nothing happens, even past the margin.
    const off = await runJob(JANUARY_4, [company.companyId]);
    expect(off.result).toMatchObject({ series: 0, requested: 0 });
    expect(await inutilized(company.companyId)).toEqual([]);

    const setting = await optIn(company);
    expect(setting).toMatchObject({ type: "NFE", autoInutilize: true });
    // Within the margin (24 h by default) a refused number waits for its re-emission.
    vi.useRealTimers();
    const early = await autoInutilizeSeries({ companyId: company.companyId, model: "55", series: 1, environment: "HOMOLOGATION" }, { now: new Date(Date.now() + 3_600_000) });
    expect(early).toMatchObject({ outcomes: [], waiting: 3 });

    const run = await runJob(JANUARY_4, [company.companyId]);
    expect(run.error).toBeUndefined();
    expect(run.result).toMatchObject({ series: 1, requested: 2 });
    const records = await inutilized(company.companyId);
    expect(records.map((r) => [r.startNumber, r.endNumber, r.year, r.status, r.origin])).toEqual([
      [1, 1, "26", "AUTHORIZED", "AUTOMATIC"],
      [3, 4, "26", "AUTHORIZED", "AUTOMATIC"],
    ]);
    expect(records.every((r) => r.justification === AUTO_INUTILIZATION_JUSTIFICATION && /^\d{15}$/.test(r.protocol ?? ""))).toBe(true);
    const documents = await db.fiscalDocument.findMany({ where: { companyId: company.companyId }, orderBy: { number: "asc" }, select: { number: true, status: true } });
    expect(documents.map((d) => `${d.number}:${d.status}`)).toEqual(["1:INUTILIZED", "2:AUTHORIZED", "3:INUTILIZED", "4:INUTILIZED", "5:AUTHORIZED"]);
    const events = await db.domainEvent.findMany({ where: { companyId: company.companyId, type: "document.inutilized" } });
    expect(events.map((e) => (e.data as { origin: string }).origin)).toEqual(["AUTOMATIC", "AUTOMATIC"]);
    // The event, beside the spec's: the range, origin AUTOMATIC and the refused documents it closed.
    const registered = await db.domainEvent.findMany({ where: { companyId: company.companyId, type: "inutilization.registered" } });
    const closedIds = await db.fiscalDocument.findMany({ where: { companyId: company.companyId, status: "INUTILIZED" }, orderBy: { number: "asc" }, select: { id: true } });
    expect(registered.map((e) => InutilizationRegisteredEventData.parse(e.data)).sort((a, b) => a.startNumber - b.startNumber)).toEqual([
      expect.objectContaining({ startNumber: 1, endNumber: 1, year: "26", origin: "AUTOMATIC", model: "55", inutilizedDocumentIds: [closedIds[0]!.id] }),
      expect.objectContaining({ startNumber: 3, endNumber: 4, year: "26", origin: "AUTOMATIC", model: "55", inutilizedDocumentIds: [closedIds[1]!.id, closedIds[2]!.id].sort() }),
    ]);
    const atAuthority = await db.simulatorInutilization.findMany({ where: { cnpj: company.cnpj } });
    expect(atAuthority.map((i) => [i.startNumber, i.endNumber, i.year]).sort()).toEqual([[1, 1, "26"], [3, 4, "26"]]);

    // A second run (a retry, another process) requests nothing more.
    const again = await runJob(JANUARY_4, [company.companyId]);
    expect(again.result).toMatchObject({ series: 1, requested: 0 });
    expect(await db.domainEvent.count({ where: { companyId: company.companyId, type: "document.inutilized" } })).toBe(2);
    expect(await db.simulatorInutilization.count({ where: { cnpj: company.cnpj } })).toBe(2);
  });

  it("an answer lost after the authority voided the range is completed by the next run (563), never voided twice", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    await refusedNumber(company);
    await optIn(company);
    // The authority registers the range, then its answer comes too late for our client (4 s).
    fixture.simulator.faults.add({ service: "NFeInutilizacao4", cnpj: company.cnpj, action: { kind: "delay", ms: 9000 }, times: 1 });
    const lost = await runJob(JANUARY_4, [company.companyId]);
    expect(lost.result).toMatchObject({ requested: 1 });
    expect((await inutilized(company.companyId)).map((r) => [r.startNumber, r.status])).toEqual([[1, "PENDING"]]);
    await vi.waitFor(async () => expect(await db.simulatorInutilization.count({ where: { cnpj: company.cnpj } })).toBe(1), { timeout: 5000 });

    const retry = await runJob(JANUARY_4, [company.companyId]);
    expect(retry.result).toMatchObject({ requested: 1 });
    const [record] = await inutilized(company.companyId);
    expect(record).toMatchObject({ startNumber: 1, endNumber: 1, status: "AUTHORIZED", cStat: "563", origin: "AUTOMATIC" });
    expect(await db.inutilization.count({ where: { companyId: company.companyId } })).toBe(1);
    expect(await db.simulatorInutilization.count({ where: { cnpj: company.cnpj } })).toBe(1);
    expect(await db.domainEvent.count({ where: { companyId: company.companyId, type: "document.inutilized" } })).toBe(1);
  });

  it("leaves a number being re-emitted alone, and does not retry a range the authority refused to it", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    const refused = await refusedNumber(company);
    await optIn(company);
    const document = await db.fiscalDocument.findFirstOrThrow({ where: { companyId: company.companyId, number: refused } });
    // In flight: PROCESSING holds its number.
    await db.fiscalDocument.update({ where: { id: document.id }, data: { status: "PROCESSING" } });
    expect((await runJob(JANUARY_4, [company.companyId])).result).toMatchObject({ requested: 0 });
    // Back to REJECTED in December (a change on January 4 would restart the margin).
    vi.useRealTimers();
    await db.fiscalDocument.update({ where: { id: document.id }, data: { status: "REJECTED" } });

    fixture.simulator.faults.add({ service: "NFeInutilizacao4", cnpj: company.cnpj, action: { kind: "reject", cStat: "215", reason: "Rejeição: Falha no schema XML" }, times: 1 });
    const refusedRun = await runJob(JANUARY_4, [company.companyId]);
    expect(refusedRun.result).toMatchObject({ requested: 1 });
    expect((await inutilized(company.companyId)).map((r) => [r.status, r.origin])).toEqual([["REJECTED", "AUTOMATIC"]]);
    expect((await runJob(JANUARY_4, [company.companyId])).result).toMatchObject({ requested: 0 });
    expect(await db.inutilization.count({ where: { companyId: company.companyId } })).toBe(1);
  });

  it("warns from the 5th, once per month, a company with last month's gaps and the setting off (numbering.gaps_pending)", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    const number = await refusedNumber(company);
    expect((await runJob(JANUARY_4, [company.companyId])).result).toMatchObject({ warned: 0 });
    const warned = await runJob(JANUARY_6, [company.companyId]);
    expect(warned.result).toMatchObject({ warned: 1 });
    expect((await runJob(JANUARY_6, [company.companyId])).result).toMatchObject({ warned: 0 });
    const events = await db.domainEvent.findMany({ where: { companyId: company.companyId, type: GAPS_PENDING_EVENT } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ month: "2027-01", deadline: "2027-01-10", environment: "HOMOLOGATION", series: [{ model: "55", series: 1, numbers: [number] }] });

    // Readiness (the dashboard's checklist) says the same from the 5th, as advice for the NF-e only.
    const gapsAdvice = async (at: Date) => (await readinessChecklist(company.companyId, db, at)).map((r) => [r.type, r.checks.find((c) => c.id === "numbering_gaps") ?? null] as const);
    expect((await gapsAdvice(JANUARY_4)).every(([, check]) => check === null)).toBe(true);
    const advice = await gapsAdvice(JANUARY_6);
    expect(advice.find(([type]) => type === "NFE")![1]).toMatchObject({ ok: false, blocking: false, detail: { key: "numberingGapsPending", values: { count: "1", date: "2027-01-10", series: "1" } }, message: expect.stringContaining(`series 1: ${number}`) });
    expect(advice.filter(([type]) => type !== "NFE").every(([, check]) => check === null)).toBe(true);
    // The setting on: nothing to warn about (the job inutilizes them).
    await optIn(company);
    expect((await gapsAdvice(JANUARY_6)).every(([, check]) => check === null)).toBe(true);
  });
});
