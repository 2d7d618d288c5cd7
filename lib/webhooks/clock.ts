// The sender's clock: signatures' t and the legacy-header cutoff read it, so
// tests can move to either side of 2027-02-01 without waiting.
let now: () => Date = () => new Date();

export function webhookNow(): Date {
  return now();
}

/** Tests only: replace the clock (pass null to restore the real one). */
export function setWebhookClockForTests(clock: (() => Date) | null): void {
  now = clock ?? (() => new Date());
}
