import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { renderDanfe } from "./render-danfe";

// The median render time of a one-page NF-e DANFE, for `npm run bench:danfe`
// and the emission benchmark (issue 7, item 6: aim under 50 ms). Wall-clock
// time depends on what else the machine runs; the process's CPU time per
// render is reported beside it as the figure that load inflates least. It
// counts V8's helper threads (parallel and concurrent GC) too, so it can
// exceed wall time: a rise there means more allocation, not a slower core.

export type DanfeRenderMeasure = { medianMs: number; p90Ms: number; minMs: number; cpuMedianMs: number; iterations: number; bytes: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureDanfeRender(options: { xml?: string; iterations?: number; warmup?: number } = {}): Promise<DanfeRenderMeasure> {
  const xml = options.xml ?? readFileSync(new URL("./testing/nfeproc-55-one-page.xml", import.meta.url), "utf8");
  const iterations = options.iterations ?? 50;
  let bytes = 0;
  for (let i = 0; i < (options.warmup ?? 5); i++) bytes = (await renderDanfe(xml)).length;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    await renderDanfe(xml);
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: median(times), p90Ms: sorted[Math.floor(0.9 * (sorted.length - 1))]!, minMs: sorted[0]!, cpuMedianMs: median(cpu), iterations, bytes };
}
