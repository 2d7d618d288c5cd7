// bench:export's worker: a process that runs only the export's background function on the
// local driver (as `npm run worker` would run it) and reports its RSS. Output: one JSON line.
import { writeHeapSnapshot } from "node:v8";
import { buildExportFunction } from "@/inngest/functions/build-export";
import { closeDb, db } from "@/lib/db/client";
import { drainDueRuns } from "@/lib/jobs/local-worker";

async function main(): Promise<void> {
  const companyId = process.argv[2]!;
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let peakHeap = before.heapUsed;
  let peakExternal = before.external;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakExternal = Math.max(peakExternal, now.external);
  }, 20);
  const snapshots = heapSnapshots(companyId);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await drainDueRuns([buildExportFunction], { companyIds: [companyId] });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const exportCpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(sampler);
  clearInterval(snapshots);
  const maxRss = process.resourceUsage().maxRSS * 1024;
  // What is still alive once the export is done: a figure that grows with the documents would be a leak.
  global.gc?.();
  const liveHeapAfter = process.memoryUsage().heapUsed;
  await closeDb();
  const usage = process.resourceUsage();
  const totalCpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  console.log(JSON.stringify({ seconds, exportCpuMs, totalCpuMs, rssBefore: before.rss, peakRss: Math.max(peak, maxRss), peakHeap, peakExternal, liveHeapAfter }));
}

/**
 * BENCH_EXPORT_HEAP_SNAPSHOTS=5000,10000: a heap snapshot (in the working directory) once the
 * export has done that many documents, to see what a growing heap holds.
 */
function heapSnapshots(companyId: string): NodeJS.Timeout | undefined {
  const at = (process.env.BENCH_EXPORT_HEAP_SNAPSHOTS ?? "").split(",").filter(Boolean).map(Number);
  if (at.length === 0) return undefined;
  let busy = false;
  return setInterval(() => {
    if (busy || at.length === 0) return;
    busy = true;
    void db.documentExport
      .findFirst({ where: { companyId }, select: { done: true } })
      .then((row) => {
        if (row && row.done >= at[0]!) {
          at.shift();
          console.error(`heap snapshot at ${row.done} documents: ${writeHeapSnapshot()}`);
        }
      })
      .finally(() => (busy = false));
  }, 100);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
