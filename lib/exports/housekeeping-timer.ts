import { startLocalSchedule } from "@/lib/jobs/local-schedule";
import { runExportHousekeeping } from "./housekeeping";

/**
 * The local driver's schedule for the exports' housekeeping: a minute after start, then
 * hourly, in the web process (Inngest runs exports-housekeeping on its cron instead).
 * Idempotent: dev reloads reuse the timer.
 */
export function startExportHousekeepingTimer(): boolean {
  return startLocalSchedule("exports housekeeping", runExportHousekeeping, { firstAfterMs: 60_000, everyMs: 60 * 60 * 1000 });
}
