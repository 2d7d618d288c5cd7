// `npm run bench:api`: requests/s and p50/p99 latency of an authenticated,
// paginated list (GET /v1/clients?pageSize=20) on the PRODUCTION build
// (`npm run build` first), over loopback, at a fixed request rate.
// A throwaway database is created, seeded and dropped, like scripts/e2e.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type AutocannonOptions = { url: string; connections: number; overallRate: number; duration: number; headers: Record<string, string> };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CLIENTS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const PATH = process.env.BENCH_PATH ?? "/v1/clients?pageSize=20";


async function seed(): Promise<string> {
  const [{ createCompany }, { createApiKey }, { createClient }, { randomCnpj, randomCpf }, { db }] = await Promise.all([
    import("@/lib/companies"),
    import("@/lib/auth/api-keys"),
    import("@/lib/clients"),
    import("@/lib/br"),
    import("@/lib/db/client"),
  ]);
  const company = await createCompany({ legalName: "Bench Company Ltda", cnpj: randomCnpj(), state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", environment: "HOMOLOGATION" });
  const key = await createApiKey({ companyId: company.id, name: "bench", scopes: ["clients:read"] });
  for (let i = 0; i < CLIENTS; i++) {
    await createClient(company.id, { name: `Bench client ${String(i).padStart(3, "0")}`, document: randomCpf(), state: "SP", city: "Sao Paulo", municipalityCode: "3550308" });
  }
  await db.$disconnect();
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

/** utime + stime of a child process, from /proc (Linux; clock ticks of 10 ms). */
function serverCpuMs(server: ChildProcess): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function run(url: string, key: string, duration: number): Promise<AutocannonResult> {
  return autocannon({ url, connections: CONNECTIONS, overallRate: RATE, duration, headers: { authorization: `Bearer ${key}` } });
}

async function main(): Promise<void> {
  const database = await createThrowawayDatabase("fiscal_bench_api");
  let server: ChildProcess | undefined;
  try {
    process.env.DATABASE_URL = database.url;
    const key = await seed();

    server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: database.url, NEXTAUTH_SECRET: "bench-secret", SIMULATOR_PORT: String(PORT + 1), DATA_DIR: `/tmp/${database.name}` },
    });
    const base = `http://127.0.0.1:${PORT}`;
    await waitForHealth(base, server);
    const target = `${base}${PATH}`;
    const probe = await fetch(target, { headers: { authorization: `Bearer ${key}` } });
    const body = (await probe.json()) as { meta?: { total?: number } };
    if (probe.status !== 200 || (PATH.startsWith("/v1/clients") && body.meta?.total !== CLIENTS)) throw new Error(`GET ${PATH} answered ${probe.status} ${JSON.stringify(body).slice(0, 200)}`);

    console.log(`Warm-up: ${WARMUP_S} s at ${RATE} req/s…`);
    await run(target, key, WARMUP_S);
    console.log(`Measuring GET ${PATH} (authenticated, ${CLIENTS} clients) at ${RATE} req/s for ${DURATION_S} s, ${CONNECTIONS} connections…`);
    const cpuBefore = serverCpuMs(server);
    const result = await run(target, key, DURATION_S);
    // CPU per request of the server process: less skewed by a busy machine than latency.
    console.log(`server CPU: ${((serverCpuMs(server) - cpuBefore) / result.requests.total).toFixed(2)} ms per request`);
    // A shared machine skews latency; the load average says how busy it was.
    console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log(`requests/s: ${result.requests.average.toFixed(1)} (${result.requests.total} requests, ${failed} failed)`);
    console.log(`latency ms: p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}  avg ${result.latency.average.toFixed(2)}`);
    console.log(result.latency.p99 < 10 ? "p99 under the 10 ms aim" : "p99 ABOVE the 10 ms aim");
    if (failed > 0) process.exitCode = 1;
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
