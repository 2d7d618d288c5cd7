// Steady emission with the webhook endpoints switched on and off in alternating windows, in one set
// of processes (bench:emit with BENCH_WEBHOOK_WINDOWS=<pairs>). The pairs of separate bench:emit
// runs swing by about 10 points each on this machine: every run starts its processes anew (JIT
// warm-up, pools) and lands in whatever state the shared host is in for that minute. Here the
// processes stay warm, documents keep flowing at a constant backlog, and adjacent windows are
// seconds apart. Switched off, an endpoint gets no new deliveries and its runs send nothing (a
// claim needs it active); its PENDING ones wait for the next window with it on, so each on window
// pays for as many deliveries as its own outcomes make, on average.
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { databaseBackendPids, processCpuMs } from "./machine-cpu";
import { aimVerdict, meanInterval95 } from "./paired-changes";

export type WindowsSetup = {
  pairs: number;
  windowS: number;
  /** Seconds at the start of each window left out of its figures (the switch settling). */
  settleS: number;
  /** Documents created but not yet settled that the creators keep up. */
  backlog: number;
  creators: number;
  companyIds: string[];
  /** Creates one document with emit true (the API handler, as bench:emit does). */
  createOne: (index: number) => Promise<void>;
  /** The processes whose CPU counts, by role (bench, workers, simulator, receiver); PostgreSQL's backends are added as a role. */
  roles: Record<string, number[]>;
};

const VACUUM_EVERY_PAIRS = 5;

type Window = { on: boolean; from: Date; to: Date; cpuByRole: Record<string, number> };

const totalCpuMs = (w: Window) => Object.values(w.cpuByRole).reduce((sum, ms) => sum + ms, 0);

/** Which windows of a pair have the endpoints on: counterbalanced (on/off, then off/on). */
function pairOrder(pair: number): [boolean, boolean] {
  return pair % 2 === 0 ? [true, false] : [false, true];
}

export async function runWebhookWindows(setup: WindowsSetup): Promise<void> {
  const pool = getPool();
  const switchEndpoints = (on: boolean) => sql(pool, `UPDATE "WebhookEndpoint" SET "isActive" = $1 WHERE "companyId" = ANY($2::text[])`, [on, setup.companyIds]);
  const unsettled = async () =>
    (await sql<{ n: number }>(pool, `SELECT count(*)::int AS "n" FROM "FiscalDocument" WHERE "companyId" = ANY($1::text[]) AND "status" IN ('DRAFT', 'PROCESSING')`, [setup.companyIds]))[0]?.n ?? 0;
  const backends = () => databaseBackendPids(pool);
  const cpuNow = async (): Promise<Record<string, Map<number, number>>> => {
    const roles = { ...setup.roles, PostgreSQL: await backends() };
    return Object.fromEntries(Object.entries(roles).map(([role, pids]) => [role, new Map(pids.map((pid) => [pid, processCpuMs(pid)]))]));
  };
  const cpuSince = (before: Record<string, Map<number, number>>, after: Record<string, Map<number, number>>) =>
    Object.fromEntries(Object.entries(after).map(([role, pids]) => [role, [...pids].reduce((sum, [pid, ms]) => sum + ms - (before[role]?.get(pid) ?? 0), 0)]));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  // Creators keep `backlog` documents unsettled: emission saturates the machine all along.
  let stopped = false;
  let waiting = await unsettled();
  let created = 0;
  const watcher = (async () => {
    while (!stopped) {
      waiting = await unsettled();
      await sleep(100);
    }
  })();
  const creators = Array.from({ length: setup.creators }, async () => {
    while (!stopped) {
      if (waiting >= setup.backlog) {
        await sleep(20);
        continue;
      }
      waiting++;
      await setup.createOne(created++);
    }
  });

  const windows: Window[] = [];
  const runWindow = async (on: boolean) => {
    await switchEndpoints(on);
    await sleep(setup.settleS * 1000);
    const from = new Date();
    const before = await cpuNow();
    await sleep((setup.windowS - setup.settleS) * 1000);
    const to = new Date();
    windows.push({ on, from, to, cpuByRole: cpuSince(before, await cpuNow()) });
  };
  console.log(`Steady emission, ${setup.pairs} pairs of ${setup.windowS} s windows with the endpoints on and off (first ${setup.settleS} s of each left out), ${setup.backlog} documents kept waiting…`);
  await switchEndpoints(true);
  await sleep(setup.windowS * 1000); // warm-up, endpoints on
  for (let pair = 0; pair < setup.pairs; pair++) {
    // The test server runs without autovacuum (CI): left alone, dead rows and stale statistics
    // slowed emission down to half its speed within ten minutes. Vacuumed between pairs, outside the windows.
    if (pair % VACUUM_EVERY_PAIRS === 0) await pool.query("VACUUM (ANALYZE)");
    for (const on of pairOrder(pair)) await runWindow(on);
  }
  stopped = true;
  await Promise.all([watcher, ...creators]);
  await switchEndpoints(true);
  await sleep(1000); // the last window's outcomes commit

  // Rows of the bench's companies made within each window, counted once all of them committed.
  const perWindow = (table: string, condition = "TRUE") =>
    Promise.all(
      windows.map(async (w) =>
        (await sql<{ n: number }>(pool, `SELECT count(*)::int AS "n" FROM "${table}" WHERE "companyId" = ANY($1::text[]) AND "createdAt" >= $2::timestamp AND "createdAt" < $3::timestamp AND ${condition}`, [
          setup.companyIds, utc(w.from), utc(w.to),
        ]))[0]?.n ?? 0,
      ),
    );
  const settled = await perWindow("DomainEvent", `"type" IN ('document.authorized', 'document.rejected')`);
  const made = await perWindow("WebhookDelivery");
  const rate = (i: number) => settled[i]! / ((windows[i]!.to.getTime() - windows[i]!.from.getTime()) / 1000);
  const cpuPerDocument = (i: number) => totalCpuMs(windows[i]!) / Math.max(1, settled[i]!);
  console.log("pair   settled/s off / on   CPU ms/document off / on   deliveries made off / on   change");
  const changes: number[] = [];
  const cpuChanges: number[] = [];
  for (let pair = 0; pair < setup.pairs; pair++) {
    const [a, b] = [2 * pair, 2 * pair + 1];
    const [on, off] = windows[a]!.on ? [a, b] : [b, a];
    changes.push((rate(on) / rate(off) - 1) * 100);
    cpuChanges.push((cpuPerDocument(on) / cpuPerDocument(off) - 1) * 100);
    console.log(`${String(pair + 1).padStart(4)}   ${rate(off).toFixed(1).padStart(8)} / ${rate(on).toFixed(1).padEnd(8)}   ${cpuPerDocument(off).toFixed(1).padStart(10)} / ${cpuPerDocument(on).toFixed(1).padEnd(10)}   ${String(made[off]).padStart(8)} / ${String(made[on]).padEnd(8)}   ${changes.at(-1)!.toFixed(1).padStart(6)} %`);
  }
  if (changes.length >= 2) {
    const interval = meanInterval95(changes);
    const cpu = meanInterval95(cpuChanges);
    console.log(`windows: settled/s with endpoints on vs off: mean ${interval.mean.toFixed(1)} %, 95 % interval [${interval.low.toFixed(1)}, ${interval.high.toFixed(1)}] % over ${changes.length} pairs: aim (within 10 %) ${aimVerdict(interval, 10)}`);
    const cores = (on: boolean) => {
      const chosen = windows.filter((w) => w.on === on);
      return chosen.reduce((sum, w) => sum + totalCpuMs(w), 0) / chosen.reduce((sum, w) => sum + w.to.getTime() - w.from.getTime(), 0);
    };
    console.log(`windows: cores busy with the benchmark's processes and backends: ${cores(false).toFixed(2)} off, ${cores(true).toFixed(2)} on (of 2)`);
    const perDocumentByRole = (on: boolean) => {
      const chosen = windows.map((w, i) => ({ w, settled: settled[i]! })).filter(({ w }) => w.on === on);
      const documents = chosen.reduce((sum, { settled: n }) => sum + n, 0);
      return Object.keys(chosen[0]?.w.cpuByRole ?? {}).map((role) => `${role} ${(chosen.reduce((sum, { w }) => sum + (w.cpuByRole[role] ?? 0), 0) / documents).toFixed(2)}`).join(", ");
    };
    console.log(`windows: CPU ms per settled document by role, off: ${perDocumentByRole(false)}`);
    console.log(`windows: CPU ms per settled document by role, on:  ${perDocumentByRole(true)}`);
    console.log(`windows: CPU per settled document on vs off: mean ${cpu.mean >= 0 ? "+" : ""}${cpu.mean.toFixed(1)} %, 95 % interval [${cpu.low.toFixed(1)}, ${cpu.high.toFixed(1)}] %`);
  }
}
