import { backgroundDriver } from "@/lib/jobs/driver-mode";
import { runExportHousekeeping } from "./housekeeping";

const HOUR_MS = 60 * 60 * 1000;
const holder = globalThis as unknown as { __exportsHousekeeping?: NodeJS.Timeout };

/**
 * The local driver's schedule for the exports' housekeeping: a minute after start, then
 * hourly, in the web process (Inngest runs exports-housekeeping on its cron instead).
 * Idempotent: dev reloads reuse the timer.
 */
export function startExportHousekeepingTimer(): boolean {
  if (backgroundDriver() !== "local" || holder.__exportsHousekeeping) return false;
  const run = () => void runExportHousekeeping().catch((error: unknown) => console.error("exports housekeeping failed", error));
  setTimeout(run, 60_000).unref();
  holder.__exportsHousekeeping = setInterval(run, HOUR_MS);
  holder.__exportsHousekeeping.unref();
  return true;
}
