import { afterEach, describe, expect, it } from "vitest";
import { WEBHOOK_TIMEOUT_MS } from "./config";
import type { AttemptResult } from "./http-sender";
import { describeNetworkError } from "./http-sender";
import { attemptTimeoutMs, noteAttempts, resetSlowEndpoints, SLOW_AFTER_TIMEOUTS, SLOW_RUN_SPACING_MS, SLOW_TIMEOUT_MS, slowRunNotBefore } from "./slow-endpoints";

const timedOut: AttemptResult = { ok: false, responseStatus: null, responseBody: null, errorMessage: describeNetworkError(Object.assign(new Error("t"), { name: "TimeoutError" })), durationMs: 10_000 };
const answered500: AttemptResult = { ok: false, responseStatus: 500, responseBody: "", errorMessage: "HTTP 500", durationMs: 20 };
const refused: AttemptResult = { ok: false, responseStatus: null, responseBody: null, errorMessage: "connection refused", durationMs: 1 };

afterEach(resetSlowEndpoints);

describe("endpoints that keep timing out", () => {
  it("get the short budget after consecutive timeouts, and their runs are spaced out", () => {
    const now = 1_000_000;
    for (let i = 0; i < SLOW_AFTER_TIMEOUTS - 1; i++) noteAttempts("dead", [timedOut], now);
    expect(attemptTimeoutMs("dead")).toBe(WEBHOOK_TIMEOUT_MS);
    expect(slowRunNotBefore("dead", now + 1)).toBeNull();
    noteAttempts("dead", [timedOut], now);
    expect(attemptTimeoutMs("dead")).toBe(SLOW_TIMEOUT_MS);
    expect(slowRunNotBefore("dead", now + 1_000)).toBe(now + SLOW_RUN_SPACING_MS);
    expect(slowRunNotBefore("dead", now + SLOW_RUN_SPACING_MS)).toBeNull();
    expect(attemptTimeoutMs("other")).toBe(WEBHOOK_TIMEOUT_MS);
  });

  it("count a batch's timeouts together and forget them at the first answer, even an HTTP error", () => {
    noteAttempts("flaky", Array.from({ length: SLOW_AFTER_TIMEOUTS }, () => timedOut));
    expect(attemptTimeoutMs("flaky")).toBe(SLOW_TIMEOUT_MS);
    noteAttempts("flaky", [timedOut, answered500]);
    expect(attemptTimeoutMs("flaky")).toBe(WEBHOOK_TIMEOUT_MS);
    noteAttempts("flaky", Array.from({ length: SLOW_AFTER_TIMEOUTS }, () => timedOut));
    noteAttempts("flaky", [refused]);
    expect(attemptTimeoutMs("flaky")).toBe(WEBHOOK_TIMEOUT_MS);
  });

  it("name the budget that ran out in the attempt's error", () => {
    expect(describeNetworkError(Object.assign(new Error("t"), { name: "TimeoutError" }), SLOW_TIMEOUT_MS)).toBe("timeout: no complete answer within 3 s");
    expect(timedOut.errorMessage).toBe("timeout: no complete answer within 10 s");
  });
});
