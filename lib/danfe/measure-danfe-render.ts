import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { renderNfceEscpos } from "./escpos-nfce";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { renderDanfe } from "./render-danfe";

// Render times of the printed documents, for `npm run bench:danfe` and the
// emission benchmark (issue 19, item 6: one-page A4 DANFE under 20 ms median).
// Wall-clock time depends on what else the machine runs; the process's CPU
// time per render is reported beside it as the figure that load inflates
// least. It counts V8's helper threads (parallel and concurrent GC) too, so
// it can exceed wall time: a rise there means more allocation, not a slower core.

export type DanfeRenderMeasure = { medianMs: number; p90Ms: number; minMs: number; cpuMedianMs: number; iterations: number; bytes: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const sample = (name: string) => readFileSync(new URL(`./testing/${name}`, import.meta.url), "utf8");

/** Times `render` (warm-up first), each call from the XML to the bytes. */
async function measure(render: () => Promise<Buffer> | Buffer, options: { iterations?: number; warmup?: number }): Promise<DanfeRenderMeasure> {
  const iterations = options.iterations ?? 50;
  let bytes = 0;
  for (let i = 0; i < (options.warmup ?? 5); i++) bytes = (await render()).length;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: median(times), p90Ms: sorted[Math.floor(0.9 * (sorted.length - 1))]!, minMs: sorted[0]!, cpuMedianMs: median(cpu), iterations, bytes };
}

/** The one-page A4 DANFE of an NF-e (the vendored sample unless `xml` is given). */
export async function measureDanfeRender(options: { xml?: string; iterations?: number; warmup?: number } = {}): Promise<DanfeRenderMeasure> {
  const xml = options.xml ?? sample("nfeproc-55-one-page.xml");
  return measure(() => renderDanfe(xml), options);
}

export type PrintRenderMeasures = { nfeA4: DanfeRenderMeasure; nfce80Pdf: DanfeRenderMeasure; nfce80Escpos: DanfeRenderMeasure };

/** The three figures of bench:danfe: A4 DANFE, DANFE NFC-e PDF (80 mm) and its ESC/POS commands. */
export async function measurePrintRenders(options: { iterations?: number; warmup?: number } = {}): Promise<PrintRenderMeasures> {
  const nfce = sample("nfeproc-65.xml");
  return {
    nfeA4: await measureDanfeRender(options),
    nfce80Pdf: await measure(() => renderDanfe(nfce), options),
    nfce80Escpos: await measure(() => renderNfceEscpos(parseAuthorizedXml(nfce)), options),
  };
}
