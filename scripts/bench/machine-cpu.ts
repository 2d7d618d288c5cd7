// How busy the machine was during a measurement, and how much of it was NOT
// the benchmark (server, load generator, the server's PostgreSQL backends):
// latency on a shared 2-core machine is only comparable between runs when that
// "others" figure is low. Linux /proc; clock ticks of 10 ms.
import { readFileSync } from "node:fs";

const TICK_MS = 10;

/** utime + stime of one process (all its threads), ms; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Busy (non-idle, non-iowait) CPU time of the whole machine, ms. */
function machineBusyMs(): number {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = cpu as [number, number, number, number, number, number, number, number];
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

export type MachineWindow = { stop: (ownPids: number[], ownExitedCpuMs?: number) => { busyCores: number; otherCores: number } };

/** Starts a window; `stop` takes the pids that are the benchmark's own (sampled at both ends) and the CPU of its own processes that already exited. */
export function machineWindow(ownPids: number[]): MachineWindow {
  const started = performance.now();
  const busyBefore = machineBusyMs();
  const ownBefore = new Map(ownPids.map((pid) => [pid, processCpuMs(pid)]));
  return {
    stop(ownPidsAtEnd, ownExitedCpuMs = 0) {
      const elapsed = performance.now() - started;
      const busy = machineBusyMs() - busyBefore;
      const own = ownExitedCpuMs + ownPidsAtEnd.reduce((sum, pid) => sum + processCpuMs(pid) - (ownBefore.get(pid) ?? 0), 0);
      return { busyCores: busy / elapsed, otherCores: Math.max(0, busy - own) / elapsed };
    },
  };
}

/**
 * Every PostgreSQL backend of the current database, the one asking included: it is one of the
 * pool's connections, which do the measured work too. Left out, the asking connection was missed
 * while it asked and, asked through another connection later, counted with its whole lifetime's CPU.
 */
export async function databaseBackendPids(pool: import("pg").Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database()");
  return rows.map((row) => row.pid);
}
