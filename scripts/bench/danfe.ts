// npm run bench:danfe [N] — render times of the printed documents (issue 19, item 6): the
// one-page A4 DANFE of an NF-e (aim: median under 20 ms), the DANFE NFC-e PDF (80 mm) and the
// DANFE NFC-e as ESC/POS commands. Three runs (BENCH_DANFE_RUNS), each a fresh process rendering
// each N times (default 50) after a warm-up, all under `flock /tmp/fiscal-bench.lock` (the team's
// benchmarks share 2 cores). Each run prints its wall-clock median, p90 and minimum and its
// median process CPU per render; the summary takes the median of the runs. The runs get the web
// server's node flags (scripts/server-node-flags.ts), where the routes render. CPU time is the
// figure a busy machine inflates least (it counts V8's helper threads too, so it can exceed wall time).
// BENCH_DANFE_WARMUP sets the renders before timing (default 50).
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { measurePrintRenders, type DanfeRenderMeasure, type PrintRenderMeasures } from "@/lib/danfe/measure-danfe-render";
import { WEB_SERVER_NODE_FLAGS } from "../server-node-flags";

const LOCK = "/tmp/fiscal-bench.lock";
const AIM_A4_MS = 20;
const script = fileURLToPath(import.meta.url);
const iterations = Number(process.argv[2] ?? 50);
// Renders before timing: 50 by default, the state of the web server once it has printed a few dozen
// (the routes render in a long-running process). With 5, as before 2026-11-24, the timed renders still
// overlap V8's optimising compiles (their CPU exceeds the wall time); BENCH_DANFE_WARMUP=5 shows that figure.
const warmup = Number(process.env.BENCH_DANFE_WARMUP ?? 50);
const runs = Number(process.env.BENCH_DANFE_RUNS ?? 3);
const node = (env: Record<string, string>, flags: string[] = []) => [process.execPath, [...flags, ...process.execArgv, script, String(iterations)], { env: { ...process.env, ...env } }] as const;

type RunResult = PrintRenderMeasures & { loadAverage: number };
const LABELS: Record<keyof PrintRenderMeasures, string> = {
  nfeA4: "DANFE NF-e, A4, 1 page",
  nfce80Pdf: "DANFE NFC-e PDF, 80 mm",
  nfce80Escpos: "DANFE NFC-e ESC/POS, 80 mm",
};

if (process.env.BENCH_DANFE_CHILD === "1") {
  const result: RunResult = { ...(await measurePrintRenders({ iterations, warmup })), loadAverage: loadavg()[0]! };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else if (process.env.BENCH_DANFE_LOCKED !== "1") {
  console.log(`waiting for ${LOCK}…`);
  const [execPath, args, options] = node({ BENCH_DANFE_LOCKED: "1" });
  const locked = spawnSync("flock", [LOCK, execPath, ...args], { ...options, stdio: "inherit" });
  if (locked.error) throw locked.error;
  process.exitCode = locked.status ?? 1;
} else {
  const results: RunResult[] = [];
  const line = (r: DanfeRenderMeasure) =>
    `median ${r.medianMs.toFixed(1)} ms wall (p90 ${r.p90Ms.toFixed(1)}, min ${r.minMs.toFixed(1)}), median ${r.cpuMedianMs.toFixed(1)} ms CPU, ${r.bytes} bytes`;
  for (let run = 1; run <= runs; run++) {
    // The web server renders the DANFE: its node flags (young generation size) shape the GC cost.
    const [execPath, args, options] = node({ BENCH_DANFE_CHILD: "1", NODE_ENV: "production" }, WEB_SERVER_NODE_FLAGS);
    const child = spawnSync(execPath, args, { ...options, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    if (child.status !== 0) throw new Error(`run ${run} failed (exit ${child.status})`);
    const r = JSON.parse(child.stdout.trim().split("\n").pop()!) as RunResult;
    results.push(r);
    console.log(`run ${run}/${runs} (load average ${r.loadAverage.toFixed(1)}):`);
    for (const key of Object.keys(LABELS) as Array<keyof PrintRenderMeasures>) console.log(`  ${LABELS[key]}: ${line(r[key])}`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const list = (values: number[]) => values.map((v) => v.toFixed(1)).join(" / ");
  console.log(`summary, ${runs} runs x ${iterations} renders each (median of the runs' medians):`);
  for (const key of Object.keys(LABELS) as Array<keyof PrintRenderMeasures>) {
    const wall = results.map((r) => r[key].medianMs);
    const cpu = results.map((r) => r[key].cpuMedianMs);
    const aim = key === "nfeA4" ? `; aim < ${AIM_A4_MS} ms wall: ${median(wall) < AIM_A4_MS ? "met" : "not met"}` : "";
    console.log(`  ${LABELS[key]}: ${median(wall).toFixed(1)} ms wall (runs ${list(wall)}), ${median(cpu).toFixed(1)} ms CPU (runs ${list(cpu)}), best ${Math.min(...results.map((r) => r[key].minMs)).toFixed(1)} ms${aim}`);
  }
}
