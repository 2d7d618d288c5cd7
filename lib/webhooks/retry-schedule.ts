import type { WebhookTrigger } from "@prisma/client";

// What a failed attempt leads to (docs/api-notes/webhooks.md, Retries).
// Automatic, backfill and re-dispatch attempts follow the schedule: attempt n
// failed → next one `delays[n-1]` seconds later; after delays.length + 1
// attempts the delivery is FAILED and counts against the endpoint's health.
// Manual redeliveries and test events are one attempt each: they never add to
// the schedule, and a manual retry of a delivery still inside its schedule
// keeps it (the next automatic attempt follows).

export const MAX_RETRY_AFTER_SECONDS = 3_600;

export type FailedAttemptInput = {
  trigger: WebhookTrigger;
  /** Schedule attempts before this one. */
  scheduledAttempts: number;
  /** The delivery already reached a 2xx once (a manual resend of a delivered event). */
  everSucceeded: boolean;
  delays: readonly number[];
  now: Date;
  /** The receiver's Retry-After (429/503): the next attempt waits at least this long, up to an hour. */
  retryAfterSeconds?: number | null;
};

export type FailedAttemptOutcome = {
  status: "PENDING" | "FAILED";
  scheduledAttempts: number;
  nextAttemptAt: Date | null;
  /** Counts as one more consecutive failure of the endpoint. */
  exhaustedSchedule: boolean;
};

export function afterFailedAttempt(input: FailedAttemptInput): FailedAttemptOutcome {
  const countsForSchedule = input.trigger !== "MANUAL" && input.trigger !== "TEST";
  const scheduled = input.scheduledAttempts + (countsForSchedule ? 1 : 0);
  const remaining = input.trigger !== "TEST" && !input.everSucceeded && scheduled <= input.delays.length;
  if (!remaining) return { status: "FAILED", scheduledAttempts: scheduled, nextAttemptAt: null, exhaustedSchedule: countsForSchedule };
  const scheduledDelay = input.delays[Math.max(0, scheduled - 1)] ?? 0;
  const delaySeconds = Math.max(scheduledDelay, Math.min(input.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS));
  return { status: "PENDING", scheduledAttempts: scheduled, nextAttemptAt: new Date(input.now.getTime() + delaySeconds * 1000), exhaustedSchedule: false };
}

export function afterSucceededAttempt(input: { trigger: WebhookTrigger; scheduledAttempts: number }): { scheduledAttempts: number } {
  const countsForSchedule = input.trigger !== "MANUAL" && input.trigger !== "TEST";
  return { scheduledAttempts: input.scheduledAttempts + (countsForSchedule ? 1 : 0) };
}
