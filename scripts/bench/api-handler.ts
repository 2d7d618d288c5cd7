// `npx tsx scripts/bench/api-handler.ts`: the /v1/clients route handlers alone,
// without Next (no router, proxy, streams to the socket): CPU per request of
// this process and of its PostgreSQL backends, for GET ?pageSize=20 and for
// POST (a new client per request), called with a Request object as Next
// would, CONCURRENCY at a time. Subtracted from bench:api's server figure it
// tells what Next's pipeline costs around the handler. A throwaway database
// is created, seeded and dropped, like bench:api. Knobs: BENCH_HANDLER_REQUESTS
// (per phase, default 5000), BENCH_HANDLER_CONCURRENCY (10).
import pg from "pg";
import { setThrowawayEncryptionKey } from "@/lib/crypto/encryption-key";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";
import { completeCpf } from "@/lib/br/documents";
import { processCpuMs } from "./machine-cpu";

const REQUESTS = Number(process.env.BENCH_HANDLER_REQUESTS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_HANDLER_CONCURRENCY ?? 10);
const CLIENTS = 50;
const BASE = "http://127.0.0.1:3300";

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

async function measure(name: string, databaseUrl: string, count: number, call: (i: number) => Promise<Response>): Promise<void> {
  const before = await backendPids(databaseUrl);
  const backendCpu = new Map(before.map((pid) => [pid, processCpuMs(pid)]));
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const response = await call(next++);
        await response.arrayBuffer();
        if (response.status >= 300) failed++;
      }
    }),
  );
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const after = await backendPids(databaseUrl);
  const postgres = after.reduce((sum, pid) => sum + processCpuMs(pid) - (backendCpu.get(pid) ?? 0), 0);
  console.log(
    `${name}: ${count} requests (${failed} failed) in ${(elapsed / 1000).toFixed(1)} s; CPU per request: handler process ${((used.user + used.system) / 1000 / count).toFixed(3)} ms, its PostgreSQL backends ${(postgres / count).toFixed(3)} ms`,
  );
}

async function main(): Promise<void> {
  const database = await createThrowawayDatabase("fiscal_bench_handler");
  try {
    process.env.DATABASE_URL = database.url;
    Object.assign(process.env, { NODE_ENV: "production", API_RATE_LIMIT: "100000000", NEXTAUTH_SECRET: "bench-secret" });
    setThrowawayEncryptionKey();
    const [{ createCompany }, { createApiKey }, { createClient }, { randomCnpj, randomCpf }] = await Promise.all([
      import("@/lib/companies"),
      import("@/lib/auth/api-keys"),
      import("@/lib/clients"),
      import("@/lib/br"),
    ]);
    const company = await createCompany({ legalName: "Bench Company Ltda", cnpj: randomCnpj(), state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", environment: "HOMOLOGATION" });
    const key = (await createApiKey({ companyId: company.id, name: "bench", scopes: ["clients:read", "clients:write"] })).key;
    for (let i = 0; i < CLIENTS; i++) {
      await createClient(company.id, { name: `Bench client ${String(i).padStart(3, "0")}`, document: randomCpf(), state: "SP", city: "Sao Paulo", municipalityCode: "3550308" });
    }
    const { GET, POST } = await import("@/app/v1/clients/route");
    const context = { params: Promise.resolve({}) };
    const headers = { authorization: `Bearer ${key}`, host: "127.0.0.1:3300" };
    const get = () => GET(new Request(`${BASE}/v1/clients?pageSize=20`, { headers }), context);
    const post = (base: number) => (i: number) =>
      POST(
        new Request(`${BASE}/v1/clients`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ name: `Bench write ${i}`, document: completeCpf(String(base + i).padStart(9, "0")), email: `compras${i}@example.com`, state: "SP", city: "Sao Paulo", municipalityCode: "3550308", zipCode: "01310100" }),
        }),
        context,
      );
    const probe = await get();
    if (probe.status !== 200) throw new Error(`GET answered ${probe.status} ${await probe.text()}`);
    await measure("GET warm-up", database.url, REQUESTS, get);
    await measure("GET /v1/clients?pageSize=20", database.url, REQUESTS, get);
    await measure("POST warm-up", database.url, Math.min(REQUESTS, 1000), post(100_000_000));
    await measure("POST /v1/clients", database.url, Math.min(REQUESTS, 2000), post(200_000_000));
    const { flushBatchedRateLimits } = await import("@/lib/rate-limit/batched");
    await flushBatchedRateLimits();
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
