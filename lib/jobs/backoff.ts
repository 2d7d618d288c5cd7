/**
 * Delay before the next try of a failed run or step: exponential from
 * `baseMs`, capped, with ±20% jitter so runs that failed together do not
 * retry together.
 */
export function backoffDelayMs(attempt: number, baseMs = 1_000, capMs = 5 * 60_000, random: () => number = Math.random): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const jitter = 0.8 + random() * 0.4;
  return Math.round(exponential * jitter);
}
