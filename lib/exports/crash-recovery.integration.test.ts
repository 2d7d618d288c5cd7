import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { getPool } from "@/lib/db/client";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { buildExport } from "./build-export";
import { exportFilePath, exportsDirectory } from "./config";
import { createExport } from "./create-export";
import { downloadExport } from "./download-export";
import { listZipFile } from "./testing/read-zip";
import { seedExportDocuments } from "./testing/seed-documents";

// Issue 39 item 3: an export whose worker dies mid-way is built again from the start by the
// run's next worker, is never READY with half a ZIP, and leaves no part files; a worker that
// stalled past its lease while another took over stops without touching the row or the file.

process.env.EXPORTS_DIR = mkdtempSync(path.join(tmpdir(), "fiscal-exports-crash-"));

const DOCUMENTS = 3000;
const EVENTS = DOCUMENTS / 10;
const MONTH = "2026-10";
const input = { from: `${MONTH}-01`, to: `${MONTH}-31`, include: { xml: true, pdf: false, events: true, inutilizations: true, received: false } };
let company: TestCompany;
const children: ChildProcess[] = [];

beforeAll(async () => {
  company = await createTestCompany();
  await seedExportDocuments(getPool(), company.companyId, { prefix: `crash-${company.companyId}`, count: DOCUMENTS, month: MONTH });
}, 60_000);
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function partFiles(exportId: string): string[] {
  const prefix = `${path.basename(exportFilePath(exportId))}.`;
  return readdirSync(exportsDirectory()).filter((name) => name.startsWith(prefix) && name.endsWith(".part"));
}

async function expectComplete(exportId: string) {
  const row = await db.documentExport.findUniqueOrThrow({ where: { id: exportId } });
  expect(row).toMatchObject({ status: "READY", done: DOCUMENTS, total: DOCUMENTS });
  expect(Number(row.sizeBytes)).toBe(statSync(exportFilePath(exportId)).size);
  const entries = await listZipFile(exportFilePath(exportId));
  expect(entries.length).toBe(DOCUMENTS + EVENTS + 1);
  expect(entries.at(-1)!.name).toBe("resumo.csv");
  expect(partFiles(exportId)).toEqual([]);
  return row;
}

describe("an export's worker dies or stalls mid-way", () => {
  it("a worker killed mid-build: RUNNING (409) until the next worker takes the run over and builds it again from the start; no part file is left", { timeout: 90_000 }, async () => {
    const { id } = await createExport(company.companyId, input);
    // A worker process of its own (the emission crash test's), with a short lease so the takeover comes soon.
    const leaseMs = 3_000;
    const worker = spawn(process.execPath, ["--import", "tsx", "lib/emission/testing/worker-process.ts"], {
      env: { ...process.env, WORKER_LEASE_MS: String(leaseMs), LOCAL_WORKER: "on", WORKER_COMPANY_ID: company.companyId },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(worker);
    worker.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[worker ${worker.pid}] ${chunk}`));
    const midway = await waitFor("the first progress write", async () => {
      const row = await db.documentExport.findUniqueOrThrow({ where: { id } });
      return row.done > 0 ? row : null;
    }, 60_000, 10);
    worker.kill("SIGKILL");
    await new Promise((resolve) => worker.once("exit", resolve));

    const orphan = await db.documentExport.findUniqueOrThrow({ where: { id } });
    expect(orphan.status).toBe("RUNNING");
    expect(orphan.done).toBeLessThan(DOCUMENTS);
    expect(midway.total).toBe(DOCUMENTS);
    expect(partFiles(id).length).toBeGreaterThan(0); // what the dead worker left
    await expect(downloadExport(company.companyId, id)).rejects.toMatchObject({ status: 409 });

    await new Promise((resolve) => setTimeout(resolve, leaseMs + 100)); // the dead worker's lease runs out
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const row = await expectComplete(id);
    expect(row.attempts).toBe(orphan.attempts + 1);
    expect((await downloadExport(company.companyId, id)).status).toBe(200);
  });

  it("a stalled attempt overtaken by a newer one stops as SUPERSEDED: the newer one alone writes the row and the file", { timeout: 60_000 }, async () => {
    const { id } = await createExport(company.companyId, input);
    await db.backgroundRun.deleteMany({ where: { companyId: company.companyId, status: "QUEUED" } });
    const stalled = buildExport(id);
    await waitFor("the first attempt's progress", async () => (await db.documentExport.findUniqueOrThrow({ where: { id } })).done > 0, 30_000, 10);
    const newer = buildExport(id);
    const [first, second] = await Promise.all([stalled, newer]);
    expect(first).toMatchObject({ status: "SUPERSEDED" });
    expect(second).toMatchObject({ status: "READY", total: DOCUMENTS });
    expect((await expectComplete(id)).attempts).toBe(2);
  });
});
