// Certificate expiry alerts (issue 58 item 3; docs/api-notes/webhooks.md, "Certificate expiry").

/** Days left at which company.certificate_expiring goes out, once each per certificate. */
export const EXPIRY_ALERT_THRESHOLDS = [30, 15, 7, 1] as const;
/** The threshold row that records company.certificate_expired. */
export const EXPIRED_THRESHOLD = 0;
export const CERTIFICATE_EXPIRING_EVENT = "company.certificate_expiring";
export const CERTIFICATE_EXPIRED_EVENT = "company.certificate_expired";
export const CERTIFICATE_EXPIRY_CHECK_FUNCTION_ID = "certificate-expiry-check";
/** A process sending an alert's e-mail holds it this long; a crash in between lets another send it after. */
export const EMAIL_CLAIM_MS = 10 * 60_000;
/** A temporary SMTP failure is retried this long after it (by a later check). */
export const EMAIL_RETRY_AFTER_MS = 50 * 60_000;
/** Temporary SMTP failures retried by the next checks, up to this many attempts. */
export const EMAIL_MAX_ATTEMPTS = 5;

/** The smallest threshold a certificate with `daysLeft` days left has reached (EXPIRED_THRESHOLD once expired), or null. */
export function reachedThreshold(daysLeft: number, expired: boolean): number | null {
  if (expired) return EXPIRED_THRESHOLD;
  const reached = EXPIRY_ALERT_THRESHOLDS.filter((threshold) => daysLeft <= threshold);
  return reached.length ? Math.min(...reached) : null;
}

/** Every threshold at or above `threshold`: recorded together, so the larger ones a late check skipped never go out later. */
export function thresholdsUpTo(threshold: number): number[] {
  return [EXPIRED_THRESHOLD, ...EXPIRY_ALERT_THRESHOLDS].filter((t) => t >= threshold);
}
