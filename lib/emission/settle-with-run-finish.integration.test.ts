import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { functions } from "@/inngest";
import { emitDocumentFunction } from "@/inngest/functions/emit-document";
import { claimRun } from "@/lib/jobs/claim-run";
import { executeRun, runFinish, type Finisher, type FinishStatement } from "@/lib/jobs/execute-run";
import { toLocalFunction } from "@/lib/jobs/function-access";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { EMIT_DOCUMENT_FUNCTION_ID } from "./events";
import { queueEmission } from "./queue-emission";
import { createDraft, createEmittingCompany, startTestSimulator } from "./testing/emission-fixtures";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { call } from "@/test/http";
import { createNfseCompany, nfseBody } from "./nfse/testing";

// Under the local driver the settlement of an emission is made by the statement that records the
// step's result and finishes the run (lib/jobs/step-write.ts): both commit, or neither.
let simulator: SimulatorServer;

beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

/** Claims and executes the document's run as worker w1, keeping its final statement instead of running it. */
async function executeKeepingFinish(companyId: string, documentId: string) {
  const { runId } = await queueEmission({ companyId, documentId });
  const claimed = await claimRun({ workerId: "w1", functionIds: [EMIT_DOCUMENT_FUNCTION_ID], companyIds: [companyId], leaseMs: 60_000 });
  expect(claimed?.id).toBe(runId);
  let carried: FinishStatement | null = null;
  const keep: Finisher = async (statement) => void (carried = statement);
  expect(await executeRun(claimed!, toLocalFunction(emitDocumentFunction), { workerId: "w1", leaseMs: 60_000, finisher: keep })).toBe("succeeded");
  return { runId, carried: carried! as FinishStatement };
}

const documentOf = (id: string) => db.fiscalDocument.findUniqueOrThrow({ where: { id }, include: { events: true } });
const runOf = (id: string) => db.backgroundRun.findUniqueOrThrow({ where: { id } });

describe("an emission's settlement made with its run's finish", () => {
  it("a crash before that statement loses neither: nothing is recorded, the replay consults and settles once", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const { runId } = await executeKeepingFinish(company.companyId, draft.id);
    // The authority authorized it; the worker "crashed" before its final statement.
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(1);
    const midRun = await documentOf(draft.id);
    expect(midRun).toMatchObject({ status: "PROCESSING", emissionAttempts: 1 });
    expect(midRun.events).toHaveLength(0);
    expect(await runOf(runId)).toMatchObject({ status: "RUNNING", steps: {} });

    await db.backgroundRun.update({ where: { id: runId }, data: { leaseUntil: new Date("2000-01-01T00:00:00Z") } });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const done = await documentOf(draft.id);
    expect(done).toMatchObject({ status: "AUTHORIZED", number: midRun.number, emissionAttempts: 2 });
    expect(done.events).toHaveLength(1);
    expect(done.events[0]?.details).toMatchObject({ via: "consult" });
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.authorized"]);
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(1);
    expect(await runOf(runId)).toMatchObject({ status: "SUCCEEDED", steps: { "prepare-and-send": { data: { kind: "settled", status: "AUTHORIZED" } } } });
  });

  it("the statement settles the document and finishes the run together, and records nothing when the document is no longer the run's", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const first = await executeKeepingFinish(company.companyId, draft.id);
    await runFinish(first.carried);
    const done = await documentOf(draft.id);
    expect(done.status).toBe("AUTHORIZED");
    expect(done.events.map((e) => [e.kind, (e.details as { via?: string }).via])).toEqual([["AUTHORIZATION", "authorize"]]);
    expect(await runOf(first.runId)).toMatchObject({ status: "SUCCEEDED", output: { kind: "settled", status: "AUTHORIZED" } });

    // The guard of the settlement fails (here: another run holds the document): the run's update does not apply either.
    const other = await createDraft(company.companyId);
    const second = await executeKeepingFinish(company.companyId, other.id);
    await db.fiscalDocument.update({ where: { id: other.id }, data: { runId: "another-run" } });
    await runFinish(second.carried);
    expect(await documentOf(other.id)).toMatchObject({ status: "PROCESSING", events: [] });
    expect(await runOf(second.runId)).toMatchObject({ status: "RUNNING", steps: {} });
  });

  it("an NFS-e's settlement too: a crash before the statement records nothing, and the replay takes the NFS-e Sefin issued (DPS lookup) once", async () => {
    const company = await createNfseCompany();
    const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: nfseBody() });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const { runId } = await executeKeepingFinish(company.companyId, id);
    const midRun = await documentOf(id);
    expect(midRun).toMatchObject({ status: "PROCESSING", emissionAttempts: 1 });
    expect(midRun.events).toHaveLength(0);
    expect(await runOf(runId)).toMatchObject({ status: "RUNNING", steps: {} });

    await db.backgroundRun.update({ where: { id: runId }, data: { leaseUntil: new Date("2000-01-01T00:00:00Z") } });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const done = await documentOf(id);
    expect(done).toMatchObject({ status: "AUTHORIZED", emissionAttempts: 2 });
    expect(done.events.map((e) => [e.kind, (e.details as { via?: string }).via])).toEqual([["AUTHORIZATION", "dps_lookup"]]);
    expect((await db.domainEvent.findMany({ where: { documentId: id } })).map((e) => e.type)).toEqual(["document.authorized"]);
    expect(await runOf(runId)).toMatchObject({ status: "SUCCEEDED" });
  });
});
