// `npm run bench:nfse` (issue 14, item 10):
// 1. DPS build + sign (infDPS, RSA-SHA1, C14N) + DPS_v1.01 validation in a
//    loop: documents per second of wall clock and per CPU core (aim ≥ 500).
// 2. End to end against the built-in Sefin Nacional simulator: documents
//    created with emit true through the POST /v1/fiscal-documents handler and
//    emitted by the local driver in this process over a throwaway PostgreSQL
//    database; NFS-e and, in the same harness, NF-e, printed side by side.
//    (bench:emit measures NF-e with worker and simulator processes of their own:
//    compare its figure with the NF-e row here to place the NFS-e one.)
import fs from "node:fs";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";
import { buildDps } from "@/lib/fiscal/nfse";
import { dpsRegularWithRetention } from "@/lib/fiscal/nfse/test-support/golden-dps";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { processCpuMs } from "./machine-cpu";

const DPS_DOCS = Number(process.env.BENCH_NFSE_DPS_DOCS ?? 2000);
const DPS_WARMUP = Number(process.env.BENCH_NFSE_DPS_WARMUP ?? 100);
const DOCUMENTS = Number(process.env.BENCH_NFSE_DOCUMENTS ?? 120);
const COMPANIES = Number(process.env.BENCH_NFSE_COMPANIES ?? 4);
const CONCURRENCY = Number(process.env.BENCH_NFSE_CONCURRENCY ?? 8);
const WORKER_SLOTS = Number(process.env.BENCH_NFSE_WORKER_SLOTS ?? 8);

function dpsLoop(): void {
  const credentials = testSigningCredentials("11222333000181");
  const steps = { build: 0, sign: 0, validate: 0 };
  const one = (i: number, count: boolean) => {
    const t0 = performance.now();
    const built = buildDps({ ...dpsRegularWithRetention(), number: i + 1 });
    const t1 = performance.now();
    const signed = signXml(built.xml, credentials, { tag: "infDPS" });
    const t2 = performance.now();
    validateXml(signed, "nfse/v1.01/DPS_v1.01.xsd");
    const t3 = performance.now();
    if (!count) return;
    steps.build += t1 - t0;
    steps.sign += t2 - t1;
    steps.validate += t3 - t2;
  };
  for (let i = 0; i < DPS_WARMUP; i++) one(i, false);
  const cpu0 = processCpuMs(process.pid);
  const t0 = performance.now();
  for (let i = 0; i < DPS_DOCS; i++) one(DPS_WARMUP + i, true);
  const wallS = (performance.now() - t0) / 1000;
  const cpuS = (processCpuMs(process.pid) - cpu0) / 1000;
  const per = (ms: number) => (ms / DPS_DOCS).toFixed(3);
  console.log(
    `DPS build+sign+validate: ${DPS_DOCS} docs, ${(DPS_DOCS / wallS).toFixed(0)} docs/s wall, ${(DPS_DOCS / cpuS).toFixed(0)} docs/s per CPU core (aim ≥ 500); ` +
      `ms/doc: build ${per(steps.build)}, sign ${per(steps.sign)}, validate ${per(steps.validate)}`,
  );
}

async function endToEnd(): Promise<void> {
  const [{ db }, { POST: createRoute }, { functions }, { startLocalWorker }, emission, nfse, { call }] = await Promise.all([
    import("@/lib/db/client"),
    import("@/app/v1/fiscal-documents/route"),
    import("@/inngest"),
    import("@/lib/jobs/local-worker"),
    import("@/lib/emission/testing/emission-fixtures"),
    import("@/lib/emission/nfse/testing"),
    import("@/test/http"),
  ]);
  const simulator = await emission.startTestSimulator();
  const worker = startLocalWorker(db, functions, { concurrency: WORKER_SLOTS, pollMs: 20 });
  const settled = async (ids: string[]) => {
    for (;;) {
      const [row] = await sql<{ n: number }>(getPool(), `SELECT count(*)::int AS "n" FROM "FiscalDocument" WHERE "id" = ANY($1::text[]) AND "status" IN ('AUTHORIZED', 'REJECTED')`, [ids]);
      if ((row?.n ?? 0) === ids.length) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const measure = async (label: string, keys: string[], body: () => Record<string, unknown>) => {
    const create = async (key: string) => {
      const res = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key, body: { ...body(), emit: true } });
      if (res.status !== 201) throw new Error(`${label}: create answered ${res.status}: ${res.text}`);
      return res.body.id as string;
    };
    await settled(await Promise.all(keys.map(create))); // warm-up
    const cpu0 = processCpuMs(process.pid);
    const t0 = performance.now();
    const ids: string[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < DOCUMENTS) ids.push(await create(keys[next++ % keys.length]!));
    }));
    await settled(ids);
    const wallS = (performance.now() - t0) / 1000;
    const authorized = await db.fiscalDocument.count({ where: { id: { in: ids }, status: "AUTHORIZED" } });
    const cpuMs = processCpuMs(process.pid) - cpu0;
    console.log(`${label.padEnd(6)} ${authorized}/${DOCUMENTS} authorized in ${wallS.toFixed(2)} s: ${(authorized / wallS).toFixed(1)} authorized/s end to end; app+simulator CPU ${(cpuMs / DOCUMENTS).toFixed(1)} ms per document`);
  };
  const nfseKeys: string[] = [];
  const nfeKeys: string[] = [];
  for (let i = 0; i < COMPANIES; i++) nfseKeys.push((await nfse.createNfseCompany()).key);
  for (let i = 0; i < COMPANIES; i++) nfeKeys.push((await emission.createEmittingCompany()).key);
  console.log(`End to end: ${DOCUMENTS} documents over ${COMPANIES} companies, ${CONCURRENCY} concurrent creates, ${WORKER_SLOTS} worker slots, API + worker + simulator in this process`);
  await measure("NFS-e", nfseKeys, () => nfse.nfseBody());
  await measure("NF-e", nfeKeys, () => emission.draftBody());
  await worker.stop();
  await simulator.close();
}

async function main(): Promise<void> {
  console.log(`bench:nfse — load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
  dpsLoop();
  const database = await createThrowawayDatabase("fiscal_bench_nfse");
  try {
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX ??= String(WORKER_SLOTS + CONCURRENCY + 4);
    process.env.LOCAL_WORKER = "off";
    await endToEnd();
  } finally {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb().catch(() => undefined);
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
