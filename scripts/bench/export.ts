// `npm run bench:export` (issue 39 item 3): seeds BENCH_EXPORT_DOCUMENTS (10,000) authorized
// NF-e/NFC-e of one month in a throwaway database (one in ten cancelled, with its
// procEventoNFe), exports them through the real path (POST handler's createExport, the
// build-document-export run on the local driver, the ZIP writer into EXPORTS_DIR), and prints the
// time per 10,000 documents and the peak RSS of the process that built it (aim: under 300 MB). The XMLs are
// synthetic (about 7 KB of hex each, compressing about as well as real ones), seeded by
// PostgreSQL itself so the seeding does not count in the process's memory.
// Run it alone on a shared machine: flock /tmp/fiscal-heavy.lock npm run bench:export
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setThrowawayEncryptionKey } from "@/lib/crypto/encryption-key";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";
import { databaseBackendPids, machineWindow, processCpuMs } from "./machine-cpu";

const DOCUMENTS = Number(process.env.BENCH_EXPORT_DOCUMENTS ?? 10_000);
const MONTH = "2026-10";
const RSS_AIM_MB = 300;
// The flags `npm run worker` runs with; BENCH_EXPORT_NODE_FLAGS replaces them.
const WORKER_NODE_FLAGS = (process.env.BENCH_EXPORT_NODE_FLAGS ?? "--max-semi-space-size=32").split(" ").filter(Boolean);

async function main(): Promise<void> {
  const database = await createThrowawayDatabase("bench_export");
  const exportsDir = mkdtempSync(path.join(tmpdir(), "fiscal-bench-export-"));
  process.env.DATABASE_URL = database.url;
  process.env.EXPORTS_DIR = exportsDir;
  process.env.LOCAL_WORKER = "off";
  setThrowawayEncryptionKey();
  const { closeDb, db, getPool } = await import("@/lib/db/client");
  try {
    const { createTestCompany } = await import("@/test/factories");
    const company = await createTestCompany();
    const seed0 = performance.now();
    await seed(getPool(), company.companyId);
    console.log(`seeded ${DOCUMENTS} documents in ${((performance.now() - seed0) / 1000).toFixed(1)} s`);

    const [{ createExport }, { listZipFile }, { exportFilePath }] = await Promise.all([import("@/lib/exports/create-export"), import("@/lib/exports/testing/read-zip"), import("@/lib/exports/config")]);
    const { id } = await createExport(company.companyId, { from: `${MONTH}-01`, to: `${MONTH}-31`, include: { xml: true, pdf: false, events: true, inutilizations: true, received: false } });
    const run = await runWorker(company.companyId, getPool());
    const seconds = run.seconds;

    const row = await db.documentExport.findUniqueOrThrow({ where: { id } });
    if (row.status !== "READY") throw new Error(`export ended ${row.status}: ${row.error ?? ""}`);
    const entries = await listZipFile(exportFilePath(id));
    const cancelled = Math.floor(DOCUMENTS / 10);
    const expected = DOCUMENTS + cancelled + 1;
    if (entries.length !== expected) throw new Error(`the ZIP holds ${entries.length} entries, expected ${expected}`);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(`export: ${DOCUMENTS} documents (+${cancelled} cancellation events, resumo.csv) in ${seconds.toFixed(1)} s: ${((seconds * 10_000) / DOCUMENTS).toFixed(1)} s per 10,000 documents, ${(DOCUMENTS / seconds).toFixed(0)} documents/s`);
    console.log(`ZIP: ${mb(Number(row.sizeBytes))} MB, ${entries.length} entries, XML ${mb(entries.reduce((sum, e) => sum + e.size, 0))} MB uncompressed`);
    const per10k = (ms: number) => ((ms * 10_000) / DOCUMENTS / 1000).toFixed(2);
    console.log(`CPU per 10,000 documents: worker ${per10k(run.exportCpuMs)} s (the export's run), PostgreSQL backends ${per10k(run.postgresCpuMs)} s`);
    console.log(`machine (${cpus().length} cores) while the worker ran: ${run.busyCores.toFixed(2)} cores busy, ${run.otherCores.toFixed(2)} of them other processes`);
    console.log(
      `worker RSS: ${mb(run.rssBefore)} MB loaded, peak ${mb(run.peakRss)} MB (JS heap peak ${mb(run.peakHeap)} MB, external ${mb(run.peakExternal)} MB; live heap after the export ${mb(run.liveHeapAfter)} MB); aim under ${RSS_AIM_MB} MB: ${run.peakRss < RSS_AIM_MB * 1024 * 1024 ? "met" : "NOT met"}`,
    );
  } finally {
    await closeDb();
    await database.drop();
    rmSync(exportsDir, { recursive: true, force: true });
  }
}

type WorkerReport = { seconds: number; exportCpuMs: number; totalCpuMs: number; rssBefore: number; peakRss: number; peakHeap: number; peakExternal: number; liveHeapAfter: number };
type WorkerRun = WorkerReport & { postgresCpuMs: number; busyCores: number; otherCores: number };

/**
 * The export's run in a process of its own (scripts/bench/export-worker.ts), so its RSS is the
 * export's, not the seeding's. The throwaway database's backends are sampled meanwhile (their CPU
 * is the export's too); the rest of the machine's CPU in that window is other processes'.
 */
async function runWorker(companyId: string, pool: import("pg").Pool): Promise<WorkerRun> {
  const ownCpu0 = process.cpuUsage();
  const window = machineWindow([]);
  const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, "--expose-gc", "--import", "tsx", "scripts/bench/export-worker.ts", companyId], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // CPU of each backend when first and last seen: a backend's CPU is gone with it, so sample often.
  const backends = new Map<number, { first: number; last: number }>();
  const sample = async () => {
    for (const pid of await databaseBackendPids(pool)) {
      const cpu = processCpuMs(pid);
      const seen = backends.get(pid);
      if (seen) seen.last = Math.max(seen.last, cpu);
      else backends.set(pid, { first: cpu, last: cpu });
    }
  };
  await sample();
  // The backends that existed before the worker started count from then; new ones from their start.
  for (const seen of backends.values()) seen.first = seen.last;
  const known = new Set(backends.keys());
  let sampling = Promise.resolve();
  const sampler = setInterval(() => (sampling = sampling.then(sample, sample)), 200);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(sampler);
  await sampling;
  await sample();
  if (code !== 0) throw new Error(`export worker exited with ${code}: ${output}`);
  const report = JSON.parse(output.trim().split("\n").pop()!) as WorkerReport;
  const postgresCpuMs = [...backends].reduce((sum, [pid, seen]) => sum + seen.last - (known.has(pid) ? seen.first : 0), 0);
  const ownCpu = process.cpuUsage(ownCpu0);
  const machine = window.stop([], report.totalCpuMs + postgresCpuMs + (ownCpu.user + ownCpu.system) / 1000);
  return { ...report, postgresCpuMs, ...machine };
}

/** Documents, their XML and the cancellations' events written by PostgreSQL in batches of 2,000. */
async function seed(pool: import("pg").Pool, companyId: string): Promise<void> {
  for (let start = 1; start <= DOCUMENTS; start += 2000) {
    const end = Math.min(DOCUMENTS, start + 1999);
    await pool.query(
      `INSERT INTO "FiscalDocument" ("id", "companyId", "type", "status", "environment", "series", "number", "accessKey", "clientSnapshot", "operationNature",
         "issueDateTime", "productsTotal", "totalValue", "taxTotals", "authorizedXml", "signedXml", "updatedAt")
       SELECT 'bench-' || i, $1, CASE WHEN i % 3 = 0 THEN 'NFCE' ELSE 'NFE' END::"DocumentType", CASE WHEN i % 10 = 0 THEN 'CANCELLED' ELSE 'AUTHORIZED' END::"DocumentStatus",
         'HOMOLOGATION', 1, i, '35' || lpad(i::text, 42, '0'), jsonb_build_object('name', 'Cliente ' || i, 'document', '06929383000163'), 'Venda',
         timestamp '${MONTH}-01 03:00:00' + (i * interval '1 second' * (2592000 / $4::int)), (i % 1000) + 0.99, (i % 1000) + 0.99, '{}'::jsonb,
         '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe>' || (SELECT string_agg(md5(i::text || '-' || k), '') FROM generate_series(1, 200) AS k) || '</NFe></nfeProc>',
         NULL, now()
       FROM generate_series($2::int, $3::int) AS i`,
      [companyId, start, end, DOCUMENTS],
    );
    await pool.query(
      `INSERT INTO "DocumentEvent" ("id", "documentId", "companyId", "kind", "eventCode", "sequence", "outcome", "cStat", "responseXml")
       SELECT 'bench-ev-' || i, 'bench-' || i, $1, 'CANCELLATION', '110111', 1, 'AUTHORIZED', '135',
         '<procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">' || (SELECT string_agg(md5('e' || i::text || k), '') FROM generate_series(1, 60) AS k) || '</procEventoNFe>'
       FROM generate_series($2::int, $3::int) AS i WHERE i % 10 = 0`,
      [companyId, start, end],
    );
  }
  await pool.query(`ANALYZE "FiscalDocument"; ANALYZE "DocumentEvent"`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
