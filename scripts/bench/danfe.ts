// npm run bench:danfe [N] — render time of a one-page NF-e DANFE (issue 7: median under 50 ms).
// Three runs (BENCH_DANFE_RUNS), each a fresh process rendering N times (default 50) after a
// warm-up, all under `flock /tmp/fiscal-bench.lock` (the team's benchmarks share 2 cores).
// Each run prints its wall-clock median, p90 and minimum and its median process CPU per
// render; the summary takes the median of the runs. CPU time is the figure a busy machine
// inflates least (it counts V8's helper threads too, so it can exceed wall time).
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { measureDanfeRender, type DanfeRenderMeasure } from "@/lib/danfe/measure-danfe-render";

const LOCK = "/tmp/fiscal-bench.lock";
const script = fileURLToPath(import.meta.url);
const iterations = Number(process.argv[2] ?? 50);
const runs = Number(process.env.BENCH_DANFE_RUNS ?? 3);
const node = (env: Record<string, string>) => [process.execPath, [...process.execArgv, script, String(iterations)], { env: { ...process.env, ...env } }] as const;

type RunResult = DanfeRenderMeasure & { loadAverage: number };

if (process.env.BENCH_DANFE_CHILD === "1") {
  const result: RunResult = { ...(await measureDanfeRender({ iterations })), loadAverage: loadavg()[0]! };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else if (process.env.BENCH_DANFE_LOCKED !== "1") {
  console.log(`waiting for ${LOCK}…`);
  const [execPath, args, options] = node({ BENCH_DANFE_LOCKED: "1" });
  const locked = spawnSync("flock", [LOCK, execPath, ...args], { ...options, stdio: "inherit" });
  if (locked.error) throw locked.error;
  process.exitCode = locked.status ?? 1;
} else {
  const results: RunResult[] = [];
  for (let run = 1; run <= runs; run++) {
    const [execPath, args, options] = node({ BENCH_DANFE_CHILD: "1", NODE_ENV: "production" });
    const child = spawnSync(execPath, args, { ...options, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    if (child.status !== 0) throw new Error(`run ${run} failed (exit ${child.status})`);
    const r = JSON.parse(child.stdout.trim().split("\n").pop()!) as RunResult;
    results.push(r);
    console.log(
      `run ${run}/${runs}: median ${r.medianMs.toFixed(1)} ms wall (p90 ${r.p90Ms.toFixed(1)}, min ${r.minMs.toFixed(1)}), median ${r.cpuMedianMs.toFixed(1)} ms CPU; load average ${r.loadAverage.toFixed(1)}`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const list = (values: number[]) => values.map((v) => v.toFixed(1)).join(" / ");
  const wall = results.map((r) => r.medianMs);
  const cpu = results.map((r) => r.cpuMedianMs);
  console.log(
    `DANFE NF-e (1 page, ${results[0]!.bytes} bytes), ${runs} runs x ${iterations} renders: median ${median(wall).toFixed(1)} ms wall (runs ${list(wall)}), ${median(cpu).toFixed(1)} ms CPU (runs ${list(cpu)}), best ${Math.min(...results.map((r) => r.minMs)).toFixed(1)} ms; aim < 50 ms wall: ${median(wall) < 50 ? "met" : "not met"}`,
  );
}
