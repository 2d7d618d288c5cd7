// Emission back-pressure and retry policy (README, API notes).

/** Emissions queued or running per company before emit answers 429 rate_limited. */
export const MAX_PENDING_EMISSIONS_PER_COMPANY = 1_000;

/** Due local runs across all companies before emit answers 503 service_unavailable (the worker cannot keep up). */
export const MAX_DUE_RUNS_BACKLOG = 50_000;

/**
 * Sends to the authority per emission. After a communication failure
 * (timeout, outage, 5xx, cStat 108/109) the document goes back to DRAFT and is
 * re-emitted after the next delay; when the last send also fails it is
 * REJECTED and document.rejected is recorded (api.md, States).
 */
export const EMISSION_SEND_ATTEMPTS = 5;
export const EMISSION_RETRY_DELAYS = ["30s", "2m", "10m", "30m"] as const;
