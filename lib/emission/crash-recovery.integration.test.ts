import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { db } from "@/test/factories";
import { queueEmission } from "./queue-emission";
import { createDraft, createEmittingCompany, startTestSimulator } from "./testing/emission-fixtures";

// The worker runs in a child process (the app without Inngest); the simulator
// stays in this process, so its state is the witness of what was authorized.
let simulator: SimulatorServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await simulator?.close();
});

function startWorkerProcess(companyId: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/emission/testing/worker-process.ts"], {
    env: { ...process.env, SIMULATOR_URL: simulator.url, AUTHORITY_MODE: "simulator", AUTHORITY_TIMEOUT_MS: "15000", WORKER_LEASE_MS: "1000", LOCAL_WORKER: "on", WORKER_COMPANY_ID: companyId },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[worker ${child.pid}] ${chunk}`));
  children.push(child);
  return child;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("crash recovery of the local driver", () => {
  it("a worker killed while the document is PROCESSING (the authority already authorized it) ends AUTHORIZED exactly once after restart", { timeout: 90_000 }, async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    // The simulator authorizes, then holds the answer: the worker is mid-send when it dies.
    simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "delay", ms: 10_000 }, times: 1 });
    const { runId } = await queueEmission({ companyId: company.companyId, documentId: draft.id });

    const first = startWorkerProcess(company.companyId);
    const authorized = await waitFor("the simulator to authorize", () => db.simulatorDocument.findFirst({ where: { cnpj: company.cnpj } }));
    const midRun = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(midRun.status).toBe("PROCESSING");
    expect(midRun.accessKey).toBe(authorized.accessKey);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const orphan = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(orphan.status).toBe("RUNNING");
    // The one step (prepare-and-send) had not finished: nothing is memoized, so the restart replays it.
    expect(orphan.steps).toEqual({});

    const second = startWorkerProcess(company.companyId);
    const done = await waitFor("the document to be settled", async () => {
      const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, include: { events: true } });
      return document.status === "AUTHORIZED" || document.status === "REJECTED" ? document : null;
    });
    second.kill("SIGTERM");

    expect(done.status).toBe("AUTHORIZED");
    expect(done.number).toBe(midRun.number);
    expect(done.protocolNumber).toBe(authorized.protocol);
    expect(done.events).toHaveLength(1);
    expect(done.events[0]?.details).toMatchObject({ via: "consult" });
    // The authority holds exactly one authorization for this company, and the number was allocated once.
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(1);
    expect(await db.numberingSeries.findFirstOrThrow({ where: { companyId: company.companyId } })).toMatchObject({ nextNumber: 2 });
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.authorized"]);
    const run = await waitFor("the run to finish", async () => {
      const row = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
      return row.status === "SUCCEEDED" ? row : null;
    });
    expect(run.workerId).not.toBe(orphan.workerId);
  });
});
