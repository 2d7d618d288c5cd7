// `npm run bench:nfse` (issue 14, item 10):
// 1. DPS build + sign (infDPS, RSA-SHA1, C14N) + DPS_v1.01 validation in a
//    loop: documents per second of wall clock and per CPU core (aim ≥ 500).
// 2. End to end against the built-in Sefin Nacional simulator in bench:emit's
//    harness (documents created with emit true through the POST handler, worker
//    processes, the simulator in its own process, a throwaway database):
//    NFS-e and NF-e runs interleaved (the machine is shared), each with its CPU
//    per document split by process, printed side by side.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { buildDps } from "@/lib/fiscal/nfse";
import { dpsRegularWithRetention } from "@/lib/fiscal/nfse/test-support/golden-dps";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { cpuShares, GAUGE_AIMS, gaugeLine, judgeAgainstGauge } from "./gauge-aims";
import { processCpuMs } from "./machine-cpu";
import { xmlMsPerDocument } from "./machine-speed";

const DPS_DOCS = Number(process.env.BENCH_NFSE_DPS_DOCS ?? 2000);
const DPS_WARMUP = Number(process.env.BENCH_NFSE_DPS_WARMUP ?? 100);

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

const ROUNDS = Number(process.env.BENCH_NFSE_ROUNDS ?? 1);

/** One bench:emit run in a child process on the external database; its headline figures. */
async function emitRun(type: "NFSE" | "NFE", gaugeMs: number): Promise<string[]> {
  const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "scripts/bench/emit.ts"], {
    env: {
      ...process.env,
      BENCH_DATABASE: "external",
      BENCH_DOCUMENT_TYPE: type,
      BENCH_DANFE_SAMPLES: "0",
      BENCH_DOCUMENTS: process.env.BENCH_NFSE_DOCUMENTS ?? process.env.BENCH_DOCUMENTS ?? "400",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`bench:emit for ${type} exited with ${code}:\n${output}`);
  const find = (pattern: RegExp) => pattern.exec(output)?.[1] ?? "?";
  const cpu = /CPU per document: ([\d.]+) ms \(API \(create\) ([\d.]+), workers ([\d.]+), simulator ([\d.]+), PostgreSQL ([\d.]+)\)/.exec(output);
  const aim = type === "NFSE" ? GAUGE_AIMS.nfsePerDocument : GAUGE_AIMS.emissionPerDocument;
  console.log(`  ${judgeAgainstGauge(`${type === "NFSE" ? "NFS-e" : "NF-e"} CPU per authorized document`, cpuShares(output), aim, gaugeMs).line}`);
  return [
    type === "NFSE" ? "NFS-e" : "NF-e",
    find(/throughput: ([\d.]+)/),
    find(/create→AUTHORIZED: p50 (\d+)/),
    cpu ? `${cpu[1]} (${cpu.slice(2).join(", ")})` : "?",
    find(/PostgreSQL: ([\d.]+) transactions/),
    find(/machine: [\d.]+ cores busy, ([\d.]+) of them/),
  ];
}

async function endToEnd(): Promise<void> {
  // The gauge of this run (./gauge-aims.ts): the CPU aims per document are ratios to it.
  const gaugeMs = xmlMsPerDocument();
  console.log(gaugeLine(gaugeMs));
  console.log(`End to end: bench:emit's harness (2 worker processes, simulator process, external PostgreSQL), NFS-e and NF-e interleaved, ${ROUNDS} round(s)`);
  const rows: string[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const type of ["NFSE", "NFE"] as const) {
      const row = await emitRun(type, gaugeMs);
      console.log(`  ${row[0]}: ${row[1]} authorized/s, p50 ${row[2]} ms, CPU per document ${row[3]}, ${row[4]} transactions per document, other processes ${row[5]} cores`);
      rows.push(row);
    }
  }
  console.log("type     authorized/s   p50 ms   transactions/doc   other cores   CPU ms/document (API, workers, simulator, PostgreSQL)");
  for (const [type, rate, p50, cpu, transactions, others] of rows) {
    console.log(`${type!.padEnd(8)} ${rate!.padStart(12)}   ${p50!.padStart(6)}   ${transactions!.padStart(16)}   ${others!.padStart(11)}   ${cpu}`);
  }
}

async function main(): Promise<void> {
  console.log(`bench:nfse — load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
  dpsLoop();
  await endToEnd();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
