import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_DELAYS_SECONDS, parseRetryDelays } from "./config";
import { parseRetryAfter } from "./http-sender";
import { afterFailedAttempt } from "./retry-schedule";

const now = new Date("2026-11-23T12:00:00Z");

describe("webhook retry schedule", () => {
  it("defaults: 5 immediate attempts with exponential backoff, then growing delays ending about 24 h after the first", () => {
    expect(DEFAULT_RETRY_DELAYS_SECONDS.slice(0, 4)).toEqual([1, 2, 4, 8]);
    const total = DEFAULT_RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(22);
    expect(total / 3600).toBeLessThan(24.5);
    for (let i = 1; i < DEFAULT_RETRY_DELAYS_SECONDS.length; i++) expect(DEFAULT_RETRY_DELAYS_SECONDS[i]).toBeGreaterThanOrEqual(DEFAULT_RETRY_DELAYS_SECONDS[i - 1]!);
  });

  it("parses WEBHOOK_RETRY_DELAYS_SECONDS and refuses garbage", () => {
    expect(parseRetryDelays("0, 1,2")).toEqual([0, 1, 2]);
    expect(parseRetryDelays(undefined)).toBe(DEFAULT_RETRY_DELAYS_SECONDS);
    expect(() => parseRetryDelays("1,x")).toThrow(/WEBHOOK_RETRY_DELAYS_SECONDS/);
    expect(() => parseRetryDelays("-1")).toThrow();
  });

  it("walks the schedule, then FAILED counts against the endpoint", () => {
    const delays = [1, 2, 4];
    const first = afterFailedAttempt({ trigger: "AUTOMATIC", scheduledAttempts: 0, everSucceeded: false, delays, now });
    expect(first).toEqual({ status: "PENDING", scheduledAttempts: 1, nextAttemptAt: new Date(now.getTime() + 1000), exhaustedSchedule: false });
    const third = afterFailedAttempt({ trigger: "BACKFILL", scheduledAttempts: 2, everSucceeded: false, delays, now });
    expect(third.nextAttemptAt).toEqual(new Date(now.getTime() + 4000));
    expect(afterFailedAttempt({ trigger: "REDISPATCH", scheduledAttempts: 3, everSucceeded: false, delays, now })).toEqual({ status: "FAILED", scheduledAttempts: 4, nextAttemptAt: null, exhaustedSchedule: true });
  });

  it("a Retry-After longer than the schedule's delay is honoured, up to an hour", () => {
    const delays = [1, 2, 4];
    expect(afterFailedAttempt({ trigger: "AUTOMATIC", scheduledAttempts: 0, everSucceeded: false, delays, now, retryAfterSeconds: 120 }).nextAttemptAt).toEqual(new Date(now.getTime() + 120_000));
    expect(afterFailedAttempt({ trigger: "AUTOMATIC", scheduledAttempts: 0, everSucceeded: false, delays, now, retryAfterSeconds: 86_400 }).nextAttemptAt).toEqual(new Date(now.getTime() + 3_600_000));
    expect(parseRetryAfter("30")).toBe(30);
    expect(parseRetryAfter(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThanOrEqual(9);
    expect(parseRetryAfter("soon")).toBeNull();
  });

  it("manual and test attempts are one attempt each and never count as the endpoint's failure", () => {
    const delays = [1, 2, 4];
    expect(afterFailedAttempt({ trigger: "MANUAL", scheduledAttempts: 4, everSucceeded: false, delays, now })).toMatchObject({ status: "FAILED", exhaustedSchedule: false });
    expect(afterFailedAttempt({ trigger: "MANUAL", scheduledAttempts: 1, everSucceeded: true, delays, now })).toMatchObject({ status: "FAILED", exhaustedSchedule: false });
    // A manual retry inside the schedule keeps it.
    expect(afterFailedAttempt({ trigger: "MANUAL", scheduledAttempts: 1, everSucceeded: false, delays, now })).toMatchObject({ status: "PENDING", scheduledAttempts: 1 });
    expect(afterFailedAttempt({ trigger: "TEST", scheduledAttempts: 0, everSucceeded: false, delays, now })).toMatchObject({ status: "FAILED", exhaustedSchedule: false });
  });
});
