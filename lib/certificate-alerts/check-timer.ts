import { startLocalSchedule } from "@/lib/jobs/local-schedule";
import { runCertificateExpiryCheck } from "./run-check";

/**
 * The local driver's schedule for the certificate expiry check: two minutes after start, then
 * hourly, in the web process (Inngest runs certificate-expiry-check on its cron instead). Several
 * processes may run it at once: each threshold is announced and mailed once (announce.ts).
 */
export function startCertificateExpiryTimer(): boolean {
  return startLocalSchedule("certificate expiry check", () => runCertificateExpiryCheck(), { firstAfterMs: 120_000, everyMs: 60 * 60 * 1000 });
}
