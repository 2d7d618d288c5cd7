// `npm run bench:webhooks`: fan-out of BENCH_WEBHOOK_OUTCOMES outcomes ×
// BENCH_WEBHOOK_ENDPOINTS endpoints (default 2,000 × 5 = 10,000 deliveries)
// to a receiver process on 127.0.0.1, through the real path: DomainEvent rows
// (as settlements write them) → fan-out trigger → delivery runs of the local
// driver in `npm run worker` processes → signed POSTs. Prints deliveries/s,
// p50/p99 outcome→receipt, CPU per delivery by process; then bench:emit's
// throughput with 3 endpoints per company next to none: steady emission with the
// endpoints switched on and off in alternating windows, or (BENCH_EMIT_MODE=bursts)
// separate runs of 1,200 documents in alternating pairs (BENCH_EMIT=0 skips). BENCH_WEBHOOK_PACE=90 BENCH_WEBHOOK_COMPANIES=8
// BENCH_WEBHOOK_ENDPOINTS=3 sends outcomes one at a time at emission's pace
// instead: what a delivery costs when few share a run.
import { spawn, spawnSync } from "node:child_process";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { setThrowawayEncryptionKey } from "@/lib/crypto/encryption-key";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";
import { DELIVER_WEBHOOKS_FUNCTION_ID } from "@/lib/webhooks/events";
import { databaseBackendPids, machineWindow, processCpuMs } from "./machine-cpu";
import { aimVerdict, meanInterval95 } from "./paired-changes";
import { startReceiverProcess } from "./webhook-receiver";

const OUTCOMES = Number(process.env.BENCH_WEBHOOK_OUTCOMES ?? 2_000);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 5);
const WORKER_PROCESSES = Number(process.env.BENCH_WORKER_PROCESSES ?? 1);
const WORKER_SLOTS = Number(process.env.BENCH_WORKER_SLOTS ?? 8);
const INSERT_BATCH = 50;
// BENCH_WEBHOOK_PACE: outcomes per second, one per statement over BENCH_WEBHOOK_COMPANIES companies (emission's shape) instead of 50 at once.
const PACE = Number(process.env.BENCH_WEBHOOK_PACE ?? 0);
const COMPANIES = Number(process.env.BENCH_WEBHOOK_COMPANIES ?? 1);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const database = await createThrowawayDatabase("fiscal_bench_webhooks");
  try {
    process.env.DATABASE_URL = database.url;
    setThrowawayEncryptionKey(); // its server and workers share it (they refuse to start without one)
    process.env.LOCAL_WORKER = "off";
    process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
    await fanOutBench();
  } finally {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb().catch(() => undefined);
    await database.drop();
  }
  if (process.env.BENCH_EMIT === "0") return;
  if (process.env.BENCH_EMIT_MODE === "bursts") emitComparison();
  else steadyEmissionComparison();
}

async function fanOutBench(): Promise<void> {
  const [{ createTestCompany }, { createWebhookEndpoint }] = await Promise.all([import("@/test/factories"), import("@/lib/webhooks")]);
  const receiver = await startReceiverProcess();
  const companies = [];
  for (let c = 0; c < COMPANIES; c++) {
    const company = await createTestCompany();
    companies.push(company);
    for (let e = 0; e < ENDPOINTS; e++) await createWebhookEndpoint({ companyId: company.companyId, url: `${receiver.url}/erp/${c}/${e}` });
  }
  const workers = Array.from({ length: WORKER_PROCESSES }, () =>
    spawn(process.execPath, ["--max-semi-space-size=32", ...(process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []), "--import", "tsx", "scripts/worker.ts"], {
      // Only delivery runs here, so every slot is theirs (a worker running all functions gives them WEBHOOK_DELIVERY_SLOTS).
      env: { ...process.env, WORKER_FUNCTIONS: DELIVER_WEBHOOKS_FUNCTION_ID, WORKER_CONCURRENCY: String(Math.ceil(WORKER_SLOTS / WORKER_PROCESSES)), DATABASE_POOL_MAX: String(Math.ceil(WORKER_SLOTS / WORKER_PROCESSES) + 2) },
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  // Measured from the moment every worker has loaded the app and is polling.
  await Promise.all(workers.map((child) => new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  })));
  const backends = () => databaseBackendPids(getPool());
  const roles = { "bench (outcomes)": [process.pid], workers: workers.map((w) => w.pid!), receiver: [receiver.pid] };
  const backendsBefore = await backends();
  const cpuBefore = new Map([...Object.values(roles).flat(), ...backendsBefore].map((pid) => [pid, processCpuMs(pid)]));
  const window = machineWindow([...Object.values(roles).flat(), ...backendsBefore]);
  const total = OUTCOMES * ENDPOINTS;
  console.log(`Fan-out: ${OUTCOMES} outcomes × ${ENDPOINTS} endpoints = ${total} deliveries, ${WORKER_SLOTS} worker slots in ${WORKER_PROCESSES} process(es)…`);

  const t0 = Date.now();
  const data = JSON.stringify({ documentId: "bench", externalId: null, type: "NFE", series: 1, number: 1, accessKey: "3".repeat(44), authorizationDate: new Date().toISOString(), protocolNumber: "135260000000001", rejectionReason: null, cancellationReason: null, totalValue: "100.00", environment: "HOMOLOGATION" });
  // Batched: 50 outcomes per statement (the trigger fans each out in that statement's transaction).
  // Paced: one outcome per statement at PACE per second, as emission settles them.
  const batch = PACE > 0 ? 1 : INSERT_BATCH;
  for (let i = 0; i < OUTCOMES; i += batch) {
    const wait = PACE > 0 ? t0 + (i * 1000) / PACE - Date.now() : 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await sql(
      getPool(),
      `INSERT INTO "DomainEvent" ("id", "companyId", "type", "environment", "documentType", "data", "createdAt")
       SELECT gen_random_uuid()::text, $1, 'document.authorized', 'HOMOLOGATION', 'NFE', $2::jsonb, clock_timestamp() AT TIME ZONE 'UTC' FROM generate_series(1, $3)`,
      [companies[(i / batch) % COMPANIES]!.companyId, data, Math.min(batch, OUTCOMES - i)],
    );
  }
  const insertedS = (Date.now() - t0) / 1000;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const [row] = await sql<{ done: number }>(getPool(), `SELECT count(*)::int AS "done" FROM "WebhookDelivery" WHERE "status" <> 'PENDING'`);
    if ((row?.done ?? 0) >= total) break;
    if (Date.now() > deadline) throw new Error(`only ${row?.done}/${total} deliveries finished in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { receipts, requests, connections } = await receiver.receipts();
  const lastReceipt = Math.max(...Object.values(receipts));
  const elapsedS = (lastReceipt - t0) / 1000;
  const backendsAfter = [...new Set([...backendsBefore, ...(await backends())])];
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid) - (cpuBefore.get(pid) ?? 0), 0);
  const machine = window.stop([...Object.values(roles).flat(), ...backendsAfter]);
  const perDelivery = Object.entries({ ...roles, PostgreSQL: backendsAfter }).map(([role, pids]) => [role, cpuOf(pids) / total] as const);
  await Promise.all(workers.map((child) => new Promise((resolve) => child.once("exit", resolve).kill("SIGTERM"))));
  receiver.stop();

  const rows = await sql<{ id: string; status: string; outcomeAt: Date }>(
    getPool(),
    `SELECT d."id", d."status", e."createdAt" AS "outcomeAt" FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e."id" = d."eventId"`,
  );
  const succeeded = rows.filter((r) => r.status === "SUCCEEDED").length;
  const [runs] = await sql<{ runs: number }>(getPool(), `SELECT count(*)::int AS "runs" FROM "BackgroundRun" WHERE "functionId" = 'webhook-deliver'`);
  const latencies = rows.filter((r) => receipts[r.id] !== undefined).map((r) => receipts[r.id]! - r.outcomeAt.getTime()).sort((a, b) => a - b);
  const cpu = perDelivery.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`delivered: ${succeeded}/${total} (receiver saw ${requests} requests over ${connections} connections) in ${elapsedS.toFixed(2)} s (outcomes inserted in ${insertedS.toFixed(2)} s); aim: under 10 s`);
  console.log(`throughput: ${(succeeded / elapsedS).toFixed(0)} deliveries/s in ${runs?.runs ?? 0} delivery runs`);
  console.log(`outcome→receipt: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);
  console.log(`CPU per delivery: ${cpu.toFixed(3)} ms (${perDelivery.map(([role, ms]) => `${role} ${ms.toFixed(3)}`).join(", ")})`);
  console.log(`machine: ${machine.busyCores.toFixed(2)} cores busy, ${machine.otherCores.toFixed(2)} of them other processes (runs are comparable when this is near 0)`);
}

/**
 * The emission comparison by default: one bench:emit run of steady emission with 3 endpoints per
 * company switched on and off in alternating windows (webhook-windows.ts), BENCH_EMIT_PAIRS pairs
 * (default 30) of BENCH_WINDOW_SECONDS (default 10). Processes stay warm, as in production, every
 * delivery is paid for inside the windows on average, and a pair's two windows are seconds apart.
 */
function steadyEmissionComparison(): void {
  const pairs = process.env.BENCH_EMIT_PAIRS ?? "30";
  console.log(`\nbench:emit, steady emission with 3 endpoints per company switched on and off, ${pairs} pairs of windows…`);
  const { DATABASE_URL: _ownDatabase, ...inherited } = process.env; // bench:emit makes its own throwaway database
  const run = spawnSync(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "scripts/bench/emit.ts"], {
    env: {
      // BENCH_WINDOW_SECONDS and BENCH_WINDOW_SETTLE_SECONDS pass through (bench:emit's defaults: 10 and 2).
      ...inherited, NODE_ENV: "production", BENCH_DATABASE: "external", BENCH_WEBHOOK_ENDPOINTS: "3", BENCH_WEBHOOK_WINDOWS: pairs, BENCH_DANFE_SAMPLES: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (run.status !== 0) throw new Error(`bench:emit with windows exited with ${run.status}`);
}

/**
 * BENCH_EMIT_MODE=bursts: bench:emit without endpoints and with 3 per company, in pairs whose order alternates (this
 * machine's speed drifts by more than the effect between runs a minute apart): each pair's
 * difference, then the median of the pairs and the mean with its 95 % interval. BENCH_EMIT_PAIRS pairs (default 5) of BENCH_EMIT_DOCUMENTS documents (default 1,200).
 * Also the mean, and the change in CPU per document with every delivery counted: a 1,200-document
 * burst ends with some deliveries still to send, so that figure is what a sustained load would pay.
 */
function emitComparison(): void {
  const pairs = Number(process.env.BENCH_EMIT_PAIRS ?? 5);
  const documents = process.env.BENCH_EMIT_DOCUMENTS ?? "1200";
  const throughput = (endpoints: number) => {
    console.log(`\nbench:emit with BENCH_WEBHOOK_ENDPOINTS=${endpoints}, ${documents} documents…`);
    const { DATABASE_URL: _ownDatabase, ...inherited } = process.env; // bench:emit makes its own throwaway database
    const run = spawnSync(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "scripts/bench/emit.ts"], {
      env: { ...inherited, NODE_ENV: "production", BENCH_DATABASE: "external", BENCH_DOCUMENTS: documents, BENCH_WEBHOOK_ENDPOINTS: String(endpoints), BENCH_DANFE_SAMPLES: "0" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    process.stdout.write(run.stdout.split("\n").map((line) => `  ${line}`).join("\n"));
    const rate = /throughput: ([\d.]+) authorized\/s/.exec(run.stdout);
    const cpu = /CPU per document with its deliveries: ([\d.]+)/.exec(run.stdout) ?? /CPU per document: ([\d.]+)/.exec(run.stdout);
    return { rate: rate ? Number(rate[1]) : NaN, cpu: cpu ? Number(cpu[1]) : NaN };
  };
  type Run = ReturnType<typeof throughput>;
  const results: Array<{ none: Run; three: Run; change: number }> = [];
  // Counterbalanced (ABBA): every other pair runs with endpoints first, so that a machine slowing
  // down (or speeding up) over the minutes does not always favour the same side.
  for (let pair = 0; pair < pairs; pair++) {
    const withFirst = pair % 2 === 1;
    const first = throughput(withFirst ? 3 : 0);
    const second = throughput(withFirst ? 0 : 3);
    const [none, three] = withFirst ? [second, first] : [first, second];
    results.push({ none, three, change: (three.rate / none.rate - 1) * 100 });
  }
  console.log("\npair   authorized/s without / with 3 endpoints   CPU ms/document (deliveries included)   change");
  results.forEach(({ none, three, change }, index) =>
    console.log(`${String(index + 1).padStart(4)}   ${none.rate.toFixed(1).padStart(12)} / ${three.rate.toFixed(1).padEnd(24)} ${none.cpu.toFixed(1).padStart(8)} / ${three.cpu.toFixed(1).padEnd(25)} ${change.toFixed(1).padStart(6)} %`),
  );
  const changes = results.map((r) => r.change).sort((a, b) => a - b);
  const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(1)}`;
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const cpuChanges = results.map((r) => (r.three.cpu / r.none.cpu - 1) * 100).sort((a, b) => a - b);
  console.log(`\nemission throughput with 3 endpoints per company: median ${percentile(changes, 50).toFixed(1)} % over ${pairs} pairs, mean ${mean(changes).toFixed(1)} %, from ${changes[0]!.toFixed(1)} to ${changes.at(-1)!.toFixed(1)} % (aim: within 10 %)`);
  if (pairs >= 2) {
    const interval = meanInterval95(changes);
    console.log(`mean change with its 95 % confidence interval: ${signed(interval.mean)} % [${signed(interval.low)}, ${signed(interval.high)}]; the aim is ${aimVerdict(interval, 10)}`);
  }
  console.log(`CPU per document with every delivery counted (what a sustained load pays): median ${signed(percentile(cpuChanges, 50))} %, mean ${signed(mean(cpuChanges))} %`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
