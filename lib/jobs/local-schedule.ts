import { backgroundDriver } from "./driver-mode";

const timers = globalThis as unknown as { __localSchedules?: Map<string, NodeJS.Timeout> };

/**
 * A periodic task of the local driver, which has no cron: run `firstAfterMs` after start, then
 * every `everyMs`, in the web process (Inngest runs the same call on its cron instead). The task
 * must be idempotent (several processes may run it). Once per name: dev reloads reuse the timer.
 */
export function startLocalSchedule(name: string, task: () => Promise<unknown>, options: { firstAfterMs: number; everyMs: number }): boolean {
  const started = (timers.__localSchedules ??= new Map());
  if (backgroundDriver() !== "local" || started.has(name)) return false;
  const run = () => void task().catch((error: unknown) => console.error(`${name} failed`, error));
  setTimeout(run, options.firstAfterMs).unref();
  const interval = setInterval(run, options.everyMs);
  interval.unref();
  started.set(name, interval);
  return true;
}
