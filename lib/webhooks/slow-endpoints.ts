import type { AttemptResult } from "./http-sender";
import { TIMEOUT_PREFIX } from "./http-sender";
import { WEBHOOK_TIMEOUT_MS } from "./config";

// Shorter budgets for receivers that keep timing out (issue 34, item 8: twelve endpoints on a
// receiver that never answered held the delivery slots 10 s a run, and every company's webhooks
// waited behind them). After SLOW_AFTER_TIMEOUTS attempts in a row ended in a timeout, an
// endpoint's attempts get SLOW_TIMEOUT_MS and its delivery runs start at most once per
// SLOW_RUN_SPACING_MS; the first answer of any kind (even an HTTP error) ends that. Kept per
// process: each worker learns it from its own attempts within a few runs, and a restart
// starts trusting the receiver again.

export const SLOW_AFTER_TIMEOUTS = 3;
export const SLOW_TIMEOUT_MS = 3_000;
export const SLOW_RUN_SPACING_MS = 30_000;
const TRACKED_LIMIT = 10_000;

type Streak = { timeouts: number; lastRunAt: number };
const streaks = new Map<string, Streak>();

const isSlow = (streak: Streak | undefined) => (streak?.timeouts ?? 0) >= SLOW_AFTER_TIMEOUTS;

/** The answer budget of the endpoint's next attempts. */
export function attemptTimeoutMs(endpointId: string): number {
  return isSlow(streaks.get(endpointId)) ? SLOW_TIMEOUT_MS : WEBHOOK_TIMEOUT_MS;
}

/** When a slow endpoint's next run may send (null: now; its runs are spaced out). */
export function slowRunNotBefore(endpointId: string, now = Date.now()): number | null {
  const streak = streaks.get(endpointId);
  if (!isSlow(streak) || now - streak!.lastRunAt >= SLOW_RUN_SPACING_MS) return null;
  return streak!.lastRunAt + SLOW_RUN_SPACING_MS;
}

/** Counts a batch's timeouts (in a row) and notes when the endpoint's run sent. */
export function noteAttempts(endpointId: string, results: readonly AttemptResult[], now = Date.now()): void {
  if (results.length === 0) return;
  const answered = results.some((result) => result.responseStatus !== null);
  const timeouts = results.filter((result) => result.errorMessage?.startsWith(TIMEOUT_PREFIX)).length;
  if (answered || timeouts === 0) {
    streaks.delete(endpointId);
    return;
  }
  if (streaks.size >= TRACKED_LIMIT && !streaks.has(endpointId)) streaks.clear();
  const streak = streaks.get(endpointId) ?? { timeouts: 0, lastRunAt: now };
  streaks.set(endpointId, { timeouts: streak.timeouts + timeouts, lastRunAt: now });
}

/** Forgets every streak (tests). */
export function resetSlowEndpoints(): void {
  streaks.clear();
}
