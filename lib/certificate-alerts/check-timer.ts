import { backgroundDriver } from "@/lib/jobs/driver-mode";
import { runCertificateExpiryCheck } from "./run-check";

const HOUR_MS = 60 * 60 * 1000;
const holder = globalThis as unknown as { __certificateExpiryCheck?: NodeJS.Timeout };

/**
 * The local driver's schedule for the certificate expiry check: two minutes after start, then
 * hourly, in the web process (Inngest runs certificate-expiry-check on its cron instead). Several
 * processes may run it at once: each threshold is announced and mailed once (announce.ts).
 * Idempotent: dev reloads reuse the timer.
 */
export function startCertificateExpiryTimer(): boolean {
  if (backgroundDriver() !== "local" || holder.__certificateExpiryCheck) return false;
  const run = () => void runCertificateExpiryCheck().catch((error: unknown) => console.error("certificate expiry check failed", error));
  setTimeout(run, 120_000).unref();
  holder.__certificateExpiryCheck = setInterval(run, HOUR_MS);
  holder.__certificateExpiryCheck.unref();
  return true;
}
