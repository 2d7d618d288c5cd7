// `npx tsx scripts/bench/api-ab.ts <projectA> <projectB>`: bench:api's GET, A against B. On this
// shared machine two bench:api runs of the same build minutes apart differed by up to 30 % in CPU
// per request, so one run each cannot decide a change of a few hundredths of a millisecond. Here two
// production builds run side by side (`next start` in each project directory, each on its own copy
// of the seeded database) and take the even load in alternating windows (ABBA), so both see the
// machine alike: CPU per request of each server and of its PostgreSQL backends, per window, and
// B − A per round. A project directory is a worktree whose `.next` holds a build; to keep an older
// build, move its `.next` into a directory that links every other top-level entry of the worktree
// (node_modules, lib, package.json, …). Knobs: AB_RATE (500), AB_WINDOW (5 s), AB_ROUNDS (4),
// AB_PATH, AB_PROF (a directory: each server writes a V8 CPU profile under it).
import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { setThrowawayEncryptionKey } from "@/lib/crypto/encryption-key";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";
import { processCpuMs } from "./machine-cpu";
import { runOpenLoopInChild } from "./open-loop-process";
import { WEB_SERVER_NODE_FLAGS } from "../server-node-flags";

const [dirA, dirB] = process.argv.slice(2) as [string, string];
const RATE = Number(process.env.AB_RATE ?? 500);
const WINDOW_S = Number(process.env.AB_WINDOW ?? 5);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const PATH = process.env.AB_PATH ?? "/v1/clients?pageSize=20";
const ADMIN = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function seed(): Promise<string> {
  const [{ createCompany }, { createApiKey }, { createClient }, { randomCnpj, randomCpf }, { closeDb }] = await Promise.all([
    import("@/lib/companies"), import("@/lib/auth/api-keys"), import("@/lib/clients"), import("@/lib/br"), import("@/lib/db/client"),
  ]);
  const company = await createCompany({ legalName: "Bench Company Ltda", cnpj: randomCnpj(), state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", environment: "HOMOLOGATION" });
  const key = await createApiKey({ companyId: company.id, name: "bench", scopes: ["clients:read", "clients:write"] });
  for (let i = 0; i < 50; i++) await createClient(company.id, { name: `Bench client ${String(i).padStart(3, "0")}`, document: randomCpf(), state: "SP", city: "Sao Paulo", municipalityCode: "3550308" });
  await closeDb();
  return key.key;
}

async function onConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL backends serving a database (that server's pool). */
function backendPids(url: string): Promise<number[]> {
  const sql = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()";
  return onConnection(url, async (client) => (await client.query<{ pid: number }>(sql)).rows.map((row) => row.pid));
}

type Server = { name: string; dir: string; port: number; url: string; child: ChildProcess };

async function startServer(name: string, dir: string, port: number, url: string, started: Server[]): Promise<Server> {
  const child = spawn(process.execPath, [...WEB_SERVER_NODE_FLAGS, ...(process.env.AB_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.AB_PROF}/${name}`] : []), "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir, stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", API_RATE_LIMIT: "100000000", DATABASE_URL: url, NEXTAUTH_SECRET: "bench-secret", SIMULATOR_PORT: String(port + 1), DATA_DIR: `/tmp/ab-${name}-${process.pid}` },
  });
  const server = { name, dir, port, url, child };
  started.push(server);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${name} (${dir}) did not answer /health within 60 s (is there a build in ${dir}/.next?)`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One window of even load on one server: its CPU and its backends' per request. */
async function window(server: Server, key: string, seconds: number) {
  const pids = await backendPids(server.url);
  const before = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  const serverBefore = processCpuMs(server.child.pid!);
  const result = await runOpenLoopInChild({ url: `http://127.0.0.1:${server.port}${PATH}`, rate: RATE, durationS: seconds, connections: 10, headers: { authorization: `Bearer ${key}` } });
  const serverMs = (processCpuMs(server.child.pid!) - serverBefore) / result.requests;
  const after = await backendPids(server.url);
  const pgMs = after.reduce((s, pid) => s + processCpuMs(pid) - (before.get(pid) ?? 0), 0) / result.requests;
  return { serverMs, pgMs, p99: result.latency.p99, failed: result.failed };
}

async function main() {
  const db = await createThrowawayDatabase("fiscal_ab_api");
  const nameB = `${db.name}_b`;
  const urlB = db.url.replace(db.name, nameB);
  const servers: Server[] = [];
  try {
    process.env.DATABASE_URL = db.url;
    setThrowawayEncryptionKey();
    const key = await seed();
    await onConnection(ADMIN, (client) => client.query(`CREATE DATABASE "${nameB}" TEMPLATE "${db.name}"`));
    await startServer("A", dirA, 3231, db.url, servers);
    await startServer("B", dirB, 3233, urlB, servers);
    for (const s of servers) {
      const probe = await fetch(`http://127.0.0.1:${s.port}${PATH}`, { headers: { authorization: `Bearer ${key}` } });
      const text = await probe.text();
      console.log(`${s.name} (${s.dir}) probe ${probe.status} ${text.length} bytes, ratelimit ${probe.headers.get("ratelimit")}, csp ${probe.headers.has("content-security-policy")}`);
    }
    // Warm-up (V8's optimisation of the hot paths), not counted.
    for (const s of servers) await window(s, key, 8);
    const rows: Record<string, { serverMs: number; pgMs: number; p99: number }[]> = { A: [], B: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) {
        const r = await window(s, key, WINDOW_S);
        rows[s.name]!.push(r);
        console.log(`round ${round} ${s.name}: server ${r.serverMs.toFixed(3)} + pg ${r.pgMs.toFixed(3)} = ${(r.serverMs + r.pgMs).toFixed(3)} ms, p99 ${r.p99} ms, failed ${r.failed}`);
      }
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    for (const [name, v] of Object.entries(rows)) {
      console.log(`${name}: mean server ${mean(v.map((x) => x.serverMs)).toFixed(3)} pg ${mean(v.map((x) => x.pgMs)).toFixed(3)} total ${mean(v.map((x) => x.serverMs + x.pgMs)).toFixed(3)}; median total ${median(v.map((x) => x.serverMs + x.pgMs)).toFixed(3)}; median p99 ${median(v.map((x) => x.p99))}`);
    }
    const diffs = rows.B!.map((b, i) => b.serverMs + b.pgMs - (rows.A![i]!.serverMs + rows.A![i]!.pgMs));
    const sdiffs = rows.B!.map((b, i) => b.serverMs - rows.A![i]!.serverMs);
    console.log(`B − A per round: total ${diffs.map((d) => d.toFixed(3)).join(" ")} (mean ${mean(diffs).toFixed(3)}); server ${sdiffs.map((d) => d.toFixed(3)).join(" ")} (mean ${mean(sdiffs).toFixed(3)})`);
  } finally {
    for (const s of servers) if (s.child.exitCode === null) { const e = new Promise((r) => s.child.once("exit", r)); s.child.kill("SIGTERM"); await e; }
    await onConnection(ADMIN, (client) => client.query(`DROP DATABASE IF EXISTS "${nameB}" WITH (FORCE)`));
    await db.drop();
  }
}
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
