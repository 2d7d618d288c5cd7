// `npm run bench:api`: requests/s, p50/p99 latency and CPU per request by
// process of an authenticated, paginated list (GET /v1/clients?pageSize=20) on
// the PRODUCTION build (`npm run build` first), over loopback, at a fixed
// request rate, with authentication, the API-key rate limit, the input
// boundary and the security headers (proxy.ts) on; then a write route
// (POST /v1/clients, each request a new client with its own valid CPF).
// A throwaway database is created, seeded and dropped, like scripts/e2e.ts.
// The aims (at 500 req/s: p99 < 10 ms, server + its PostgreSQL backends at most
// 1.0 ms of CPU per request) are judged on an even open-loop load
// (./open-loop.ts); autocannon's rate limiter sends in bursts, so its figure is
// printed after it as a burst figure (10 requests in flight at once).
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import pg from "pg";
import { setThrowawayEncryptionKey } from "@/lib/crypto/encryption-key";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";
import { describeGcPauses, watchGcPauses } from "./gc-pauses";
import { machineWindow, processCpuMs } from "./machine-cpu";
import { GAUGE_AIMS, gaugeLine, judgeAgainstGauge } from "./gauge-aims";
import { xmlMsPerDocument } from "./machine-speed";
import { WEB_SERVER_NODE_FLAGS } from "../server-node-flags";
import type { OpenLoopBody } from "./open-loop";
import { runOpenLoopInChild } from "./open-loop-process";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type AutocannonOptions = { url: string; connections: number; overallRate: number; duration: number; headers: Record<string, string>; ignoreCoordinatedOmission: boolean };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

const RATE = Number(process.env.BENCH_RATE ?? 500);
/** POST /v1/clients: requests per second, and seconds of warm-up (0 skips the write route). */
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 100);
const WRITE_WARMUP_S = Number(process.env.BENCH_WRITE_WARMUP ?? 5);
const P99_AIM_MS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
// Long enough for V8 to have optimised the hot paths: the first seconds after 5 s still ran slower.
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CLIENTS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const PATH = process.env.BENCH_PATH ?? "/v1/clients?pageSize=20";
/** The node flags `npm start` gives the server, so the bench measures that server. */
const SERVER_NODE_FLAGS = process.env.BENCH_SERVER_NODE_FLAGS?.split(" ").filter(Boolean) ?? WEB_SERVER_NODE_FLAGS;
/** A directory: the server writes a V8 CPU profile there when it stops (node --cpu-prof). */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;


async function seed(): Promise<string> {
  const [{ createCompany }, { createApiKey }, { createClient }, { randomCnpj, randomCpf }, { closeDb }] = await Promise.all([
    import("@/lib/companies"),
    import("@/lib/auth/api-keys"),
    import("@/lib/clients"),
    import("@/lib/br"),
    import("@/lib/db/client"),
  ]);
  const company = await createCompany({ legalName: "Bench Company Ltda", cnpj: randomCnpj(), state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", environment: "HOMOLOGATION" });
  const key = await createApiKey({ companyId: company.id, name: "bench", scopes: ["clients:read", "clients:write"] });
  for (let i = 0; i < CLIENTS; i++) {
    await createClient(company.id, { name: `Bench client ${String(i).padStart(3, "0")}`, document: randomCpf(), state: "SP", city: "Sao Paulo", municipalityCode: "3550308" });
  }
  await closeDb();
  return key.key;
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode} (did you run npm run build?)`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("next start did not answer /health within 60 s");
}

/** The PostgreSQL backends serving the bench database (the server's pool). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

// autocannon 8 "corrects" for coordinated omission with an expected interval of
// ceil(1/rate) = 1 ms (a unit slip: 1000/rate ms was meant), recording a 30 ms
// answer as 30 samples (30, 29, …, 1 ms); its figure is taken uncorrected.
function runBurst(url: string, key: string, duration: number): Promise<AutocannonResult> {
  return autocannon({ url, connections: CONNECTIONS, overallRate: RATE, duration, headers: { authorization: `Bearer ${key}` }, ignoreCoordinatedOmission: true });
}

function runEven(url: string, key: string, durationS: number, rate = RATE, body?: OpenLoopBody) {
  return runOpenLoopInChild({ url, rate, durationS, connections: CONNECTIONS, headers: { authorization: `Bearer ${key}` }, body });
}

/** A new client per request; `{{cpf}}` is unique per request (./open-loop.ts), so none is refused as a duplicate. */
const newClientBody = (cpfFrom: number): OpenLoopBody => ({
  template: JSON.stringify({ name: "Bench write {{n}}", document: "{{cpf}}", email: "compras{{n}}@example.com", state: "SP", city: "Sao Paulo", municipalityCode: "3550308", zipCode: "01310100" }),
  cpfFrom,
});

const cpuLine = (m: { serverCpuMs: number; postgresCpuMs: number; clientCpuMs?: number }) =>
  `CPU per request by process: server ${m.serverCpuMs.toFixed(2)} ms, its PostgreSQL backends ${m.postgresCpuMs.toFixed(2)} ms (together ${(m.serverCpuMs + m.postgresCpuMs).toFixed(2)} ms)` +
  (m.clientCpuMs === undefined ? "" : `, load generator ${m.clientCpuMs.toFixed(2)} ms`);

const perProcess = (m: { serverCpuMs: number; postgresCpuMs: number }) => [
  { name: "server", ms: m.serverCpuMs },
  { name: "PostgreSQL", ms: m.postgresCpuMs },
];

/** Runs one load phase; adds the server's CPU per request and how busy the machine was meanwhile. */
async function measure<T extends { requests: number; processCpuMs?: number }>(server: ChildProcess, databaseUrl: string, work: () => Promise<T>) {
  const backendsBefore = await backendPids(databaseUrl);
  const window = machineWindow([server.pid!, process.pid, ...backendsBefore]);
  const before = processCpuMs(server.pid!);
  const backendCpu = new Map(backendsBefore.map((pid) => [pid, processCpuMs(pid)]));
  const result = await work();
  const serverCpuMs = (processCpuMs(server.pid!) - before) / result.requests;
  const backendsAfter = await backendPids(databaseUrl);
  const postgresCpuMs = backendsAfter.reduce((sum, pid) => sum + processCpuMs(pid) - (backendCpu.get(pid) ?? 0), 0) / result.requests;
  return { ...result, serverCpuMs, postgresCpuMs, machine: window.stop([server.pid!, process.pid, ...backendsAfter], result.processCpuMs) };
}

// CPU per request of the server process is less skewed by a busy machine than
// latency; "others" is the CPU that neither the server, this process nor the
// server's PostgreSQL backends used: latency figures compare only when it is low.
const machineLine = (m: { busyCores: number; otherCores: number }) =>
  `machine (${cpus().length} cores) busy ${m.busyCores.toFixed(2)} cores, of which other processes ${m.otherCores.toFixed(2)}`;

async function main(): Promise<void> {
  const database = await createThrowawayDatabase("fiscal_bench_api");
  let server: ChildProcess | undefined;
  try {
    process.env.DATABASE_URL = database.url;
    setThrowawayEncryptionKey(); // its server and workers share it (they refuse to start without one)
    const key = await seed();
    // The gauge first, on an idle server: every CPU aim below is a ratio to it (./gauge-aims.ts).
    const gaugeMs = xmlMsPerDocument();
    console.log(gaugeLine(gaugeMs));

    // --trace-gc: one line per collection on stdout, read for the GC figure (./gc-pauses.ts).
    const nodeArgs = [...SERVER_NODE_FLAGS, "--trace-gc", ...(CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF_DIR}`] : [])];
    server = spawn(process.execPath, [...nodeArgs, "node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"], {
      stdio: ["ignore", "pipe", "inherit"],
      // The API-key limit stays on (every request is counted) but above what the bench sends.
      env: { ...process.env, NODE_ENV: "production", API_RATE_LIMIT: "100000000", DATABASE_URL: database.url, NEXTAUTH_SECRET: "bench-secret", SIMULATOR_PORT: String(PORT + 1), DATA_DIR: `/tmp/${database.name}` },
    });
    const gc = watchGcPauses(server.stdout!);
    const base = `http://127.0.0.1:${PORT}`;
    await waitForHealth(base, server);
    const target = `${base}${PATH}`;
    const probe = await fetch(target, { headers: { authorization: `Bearer ${key}` } });
    const body = (await probe.json()) as { meta?: { total?: number } };
    if (probe.status !== 200 || (PATH.startsWith("/v1/clients") && body.meta?.total !== CLIENTS)) throw new Error(`GET ${PATH} answered ${probe.status} ${JSON.stringify(body).slice(0, 200)}`);
    // What is measured must carry what is asked: the security headers and the rate-limit headers.
    const missing = ["content-security-policy", "x-content-type-options", "x-frame-options", "cache-control", ...(PATH.startsWith("/v1/") ? ["ratelimit"] : [])].filter((name) => !probe.headers.has(name));
    if (missing.length) throw new Error(`GET ${PATH} answered without ${missing.join(", ")}`);

    console.log(`Warm-up: ${WARMUP_S} s at ${RATE} req/s…`);
    await runEven(target, key, WARMUP_S);
    console.log(`Measuring GET ${PATH} (authenticated, ${CLIENTS} clients) at ${RATE} req/s for ${DURATION_S} s, ${CONNECTIONS} connections…`);
    gc.start();
    const even = await measure(server, database.url, () => runEven(target, key, DURATION_S));
    const evenGc = gc.stop();
    console.log(`even load: ${(even.requests / even.elapsedS).toFixed(1)} req/s (${even.requests} requests, ${even.failed} failed)`);
    console.log(`${cpuLine(even)}; ${machineLine(even.machine)}`);
    console.log(`load generator's own dispatch lag (in the latency above): p99 ${even.dispatchLag.p99} ms, max ${even.dispatchLag.max} ms`);
    console.log(`latency ms: p50 ${even.latency.p50}  p90 ${even.latency.p90}  p99 ${even.latency.p99}  max ${even.latency.max}  avg ${even.latency.average}`);
    console.log(describeGcPauses(evenGc, even.elapsedS));
    console.log(`aims at ${RATE} req/s: p99 ${even.latency.p99 < P99_AIM_MS ? "under" : "ABOVE"} ${P99_AIM_MS} ms (judged when other processes take under 0.1 core: ${even.machine.otherCores.toFixed(2)})`);
    console.log(`  ${judgeAgainstGauge(`GET ${PATH}, CPU per request`, perProcess(even), GAUGE_AIMS.readPerRequest, gaugeMs).line}`);

    const burst = await measure(server, database.url, async () => {
      const result = await runBurst(target, key, DURATION_S);
      return { ...result, requests: result.requests.total, rps: result.requests.average };
    });
    const burstFailed = burst.non2xx + burst.errors + burst.timeouts;
    console.log(`burst load (autocannon: each connection sends its ${RATE / CONNECTIONS} req/s back to back at the top of every second): ${burst.rps.toFixed(1)} req/s (${burst.requests} requests, ${burstFailed} failed)`);
    console.log(`${cpuLine(burst)}; ${machineLine(burst.machine)}`);
    console.log(`latency ms: p50 ${burst.latency.p50}  p90 ${burst.latency.p90}  p99 ${burst.latency.p99}  max ${burst.latency.max}  avg ${burst.latency.average.toFixed(2)}`);
    let writeFailed = 0;
    if (WRITE_RATE > 0) {
      const clients = `${base}/v1/clients`;
      console.log(`Write route: warm-up ${WRITE_WARMUP_S} s, then POST /v1/clients (a new client per request) at ${WRITE_RATE} req/s for ${DURATION_S} s…`);
      if (WRITE_WARMUP_S > 0) await runEven(clients, key, WRITE_WARMUP_S, WRITE_RATE, newClientBody(100_000_000));
      const write = await measure(server, database.url, () => runEven(clients, key, DURATION_S, WRITE_RATE, newClientBody(200_000_000)));
      writeFailed = write.failed;
      console.log(`write: ${(write.requests / write.elapsedS).toFixed(1)} req/s (${write.requests} requests, ${write.failed} failed); latency ms: p50 ${write.latency.p50}  p90 ${write.latency.p90}  p99 ${write.latency.p99}  max ${write.latency.max}`);
      console.log(`${cpuLine(write)}; ${machineLine(write.machine)}`);
      console.log(`  ${judgeAgainstGauge("POST /v1/clients, CPU per request", perProcess(write), GAUGE_AIMS.writePerRequest, gaugeMs).line}`);
    }
    if (even.failed + burstFailed + writeFailed > 0) process.exitCode = 1;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
