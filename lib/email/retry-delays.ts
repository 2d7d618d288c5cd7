import { env } from "@/lib/config/env";

/**
 * Seconds to wait before each retry after a temporary (4xx) SMTP reply, from
 * EMAIL_RETRY_DELAYS_SECONDS ("60,300,1800,7200" by default): as many retries
 * as entries, so a message is tried at most entries + 1 times.
 */
export function emailRetryDelays(): number[] {
  const delays = env()
    .EMAIL_RETRY_DELAYS_SECONDS.split(",")
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n) && n >= 0);
  return delays.slice(0, 10);
}
