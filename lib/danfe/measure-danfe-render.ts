import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { renderDanfe } from "./render-danfe";

// The median render time of a one-page NF-e DANFE, for `npm run bench:danfe`
// and the emission benchmark (issue 7, item 6: aim under 50 ms).


export async function measureDanfeRender(options: { xml?: string; iterations?: number; warmup?: number } = {}): Promise<{ medianMs: number; p90Ms: number; minMs: number; iterations: number; bytes: number }> {
  const xml = options.xml ?? readFileSync(new URL("./testing/nfeproc-55-one-page.xml", import.meta.url), "utf8");
  const iterations = options.iterations ?? 50;
  let bytes = 0;
  for (let i = 0; i < (options.warmup ?? 5); i++) bytes = (await renderDanfe(xml)).length;
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await renderDanfe(xml);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { medianMs: at(0.5), p90Ms: at(0.9), minMs: times[0]!, iterations, bytes };
}
