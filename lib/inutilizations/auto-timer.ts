import { startLocalSchedule } from "@/lib/jobs/local-schedule";
import { runAutoInutilization } from "./auto-inutilize";
import { warnPendingGaps } from "./gap-warning";

export const AUTO_INUTILIZATION_FUNCTION_ID = "auto-inutilize-gaps";

/** One pass: the opted-in series' confirmed gaps voided, then the warning of the 5th. */
export async function runGapJob(now = new Date()): Promise<{ requested: number; warned: number }> {
  const reports = await runAutoInutilization(now);
  const warned = await warnPendingGaps(now);
  return { requested: reports.reduce((n, r) => n + r.outcomes.length, 0), warned };
}

/**
 * The local driver's schedule (Inngest runs auto-inutilize-gaps on its cron instead): three
 * minutes after start, then hourly, in the web process. Several processes may run it at once
 * (lib/inutilizations/auto-inutilize.ts is idempotent; createInutilization serializes a series).
 */
export function startAutoInutilizationTimer(): boolean {
  return startLocalSchedule("automatic inutilization", () => runGapJob(), { firstAfterMs: 180_000, everyMs: 60 * 60 * 1000 });
}
