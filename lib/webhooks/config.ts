import { env } from "@/lib/config/env";
import type { SlotLane } from "@/lib/jobs/local-worker";
import { DELIVER_WEBHOOKS_FUNCTION_ID } from "./events";

// Operator settings of the webhook sender (README, Configuration; docs/api-notes/webhooks.md).

/**
 * Seconds between consecutive attempts of one delivery (the first attempt is
 * immediate). Attempts 1-5 are the spec's immediate retries with exponential
 * backoff (1, 2, 4, 8 s); then growing delays (5 min … 8 h) end about 23.6 h
 * after the first attempt, the spec's "about 24 h". 13 attempts in all.
 */
export const DEFAULT_RETRY_DELAYS_SECONDS = [1, 2, 4, 8, 300, 1_800, 3_600, 7_200, 10_800, 14_400, 18_000, 28_800];

/**
 * An outcome's deliveries (and its endpoint's delivery run) are due this long
 * after it, so the outcomes of a busy endpoint share one delivery run. Kept in
 * step with webhook_gather_interval() (migration 20261124220000_webhook_gathering_window).
 */
export const WEBHOOK_GATHER_MS = 250;

/**
 * An endpoint's delivery runs start at most this often: while one is busy, its outcomes wait for
 * its next run (up to this long) instead of paying a run of their own each gathering window. Kept
 * in step with webhook_run_cadence() (migration 20261125100000_webhook_run_cadence_three_seconds).
 */
export const WEBHOOK_RUN_CADENCE_MS = 3_000;

/** The spec's answer timeout (api.md, Limits: 10 s), for the whole exchange: connect, headers and body. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Response bytes kept per attempt (responseBody). */
export const RESPONSE_BODY_LIMIT = 4_096;

/** Consecutive FAILED deliveries that disable an endpoint (api.md, Limits). */
export const FAILURES_BEFORE_DISABLE = 5;

/** Legacy X-Service-* headers are sent before this instant and never after (api.md, Versioning 3). */
export const LEGACY_HEADERS_UNTIL = new Date("2027-02-01T00:00:00Z");

export const REDISPATCH_LIMIT_PER_MINUTE = 60;
export const BACKFILL_CALLS_PER_MINUTE = 5;
export const BACKFILL_MAX_DOCUMENTS = 5_000;

export function parseRetryDelays(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === "") return DEFAULT_RETRY_DELAYS_SECONDS;
  const delays = raw.split(",").map((part) => Number(part.trim()));
  if (delays.some((delay) => !Number.isFinite(delay) || delay < 0)) {
    throw new Error(`WEBHOOK_RETRY_DELAYS_SECONDS must be comma-separated non-negative seconds, got "${raw}"`);
  }
  return delays;
}

export function retryDelaysSeconds(): number[] {
  return parseRetryDelays(env().WEBHOOK_RETRY_DELAYS_SECONDS);
}

export function allowedHostEntries(): string[] {
  return env()
    .WEBHOOK_ALLOWED_HOSTS.split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Delivery runs have slots of their own (at most WEBHOOK_DELIVERY_SLOTS_PER_COMPANY of them for one
 * company's runs, so one company's dead receivers cannot hold them all) in each local worker (WEBHOOK_DELIVERY_SLOTS): they mostly
 * wait on receivers, and slow receivers must not hold the slots emission needs (nor emission theirs).
 */
export function deliverySlotLane(): SlotLane {
  return { functionIds: [DELIVER_WEBHOOKS_FUNCTION_ID], slots: env().WEBHOOK_DELIVERY_SLOTS, perCompany: env().WEBHOOK_DELIVERY_SLOTS_PER_COMPANY };
}
