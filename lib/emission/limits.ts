// Emission back-pressure and retry policy (README, API notes).

/** Emissions queued or running per company before emit answers 429 rate_limited. */
export const MAX_PENDING_EMISSIONS_PER_COMPANY = 1_000;

/** Due local runs across all companies before emit answers 503 service_unavailable (the worker cannot keep up). */
export const MAX_DUE_RUNS_BACKLOG = 50_000;

/**
 * Sends to the authority per emission. After a communication failure
 * (timeout, outage, 5xx, cStat 108/109) the document stays PROCESSING with
 * processingReason and nextAttemptAt (never back to DRAFT: issue 50 item 4) and
 * is sent again after the next delay. When the last send also fails it is
 * REJECTED (document.rejected) only if the authority said it holds no such
 * key; otherwise it stays PROCESSING and the run reconciles (below).
 */
export const EMISSION_SEND_ATTEMPTS = 5;
export const EMISSION_RETRY_DELAYS = ["30s", "2m", "10m", "30m"] as const;

/** The wait before the send after `attempt` (1-based): what the run sleeps and nextAttemptAt says. */
export function retryDelay(attempt: number): string {
  return EMISSION_RETRY_DELAYS[attempt - 1] ?? "30m";
}

/** "30s", "5m", "1h" in milliseconds (the delays above; the run's sleep reads the same strings). */
export function delayMs(delay: string): number {
  const match = /^(\d+)([smh])$/.exec(delay);
  if (!match) throw new Error(`Unknown delay ${delay}`);
  return Number(match[1]) * { s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as "s" | "m" | "h"];
}

/**
 * Consultations of the access key after the last send left the outcome
 * unknown: after 5 min, 15 min, 30 min, then hourly, for 7 days; the document
 * stays PROCESSING (with processingReason) until the authority answers.
 */
export const EMISSION_RECONCILE_DELAYS = ["5m", "15m", "30m"] as const;
export const EMISSION_RECONCILE_LATER_DELAY = "1h";
export const EMISSION_RECONCILE_CONSULTATIONS = 3 + 7 * 24;

/** Waits for a 656 pause (one hour each) before one send or consultation is given up as paused. */
export const EMISSION_MAX_MISUSE_PAUSES = 24;

export function reconcileDelay(consultation: number): string {
  return EMISSION_RECONCILE_DELAYS[consultation - 1] ?? EMISSION_RECONCILE_LATER_DELAY;
}
