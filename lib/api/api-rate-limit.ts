import { env } from "@/lib/config/env";
import type { RateLimitResult } from "@/lib/rate-limit";
import { hitBatchedRateLimit } from "@/lib/rate-limit/batched";
import { DomainError } from "@/lib/errors";

// The general /v1 limit: requests per API key per fixed window
// (API_RATE_LIMIT per API_RATE_LIMIT_WINDOW_SECONDS), counted in each process's
// memory and reconciled across processes by a batched flush about every second
// (lib/rate-limit/batched.ts; docs/operations.md states the accuracy): no
// database write per request. Every /v1 answer of an authenticated key carries
// the IETF RateLimit / RateLimit-Policy headers (draft-ietf-httpapi-ratelimit-headers)
// and the widely used X-RateLimit-* ones; above the limit, 429 rate_limited
// with Retry-After.

const POLICY_NAME = "api-key";

export async function hitApiKeyRateLimit(apiKeyId: string): Promise<RateLimitResult> {
  const { API_RATE_LIMIT, API_RATE_LIMIT_WINDOW_SECONDS } = env();
  return hitBatchedRateLimit({ key: `api-key:${apiKeyId}`, limit: API_RATE_LIMIT, windowSeconds: API_RATE_LIMIT_WINDOW_SECONDS });
}

export function rateLimitHeaders(result: RateLimitResult, windowSeconds: number): Record<string, string> {
  return {
    "RateLimit-Policy": `"${POLICY_NAME}";q=${result.limit};w=${windowSeconds}`,
    RateLimit: `"${POLICY_NAME}";r=${result.remaining};t=${result.retryAfterSeconds}`,
    "X-RateLimit-Limit": String(result.limit),
    "X-RateLimit-Remaining": String(result.remaining),
    "X-RateLimit-Reset": String(Math.ceil(result.resetAt.getTime() / 1000)),
  };
}

export function apiRateLimitedError(result: RateLimitResult): DomainError {
  return new DomainError(
    429,
    "rate_limited",
    `Too many requests for this API key (limit ${result.limit} per ${env().API_RATE_LIMIT_WINDOW_SECONDS} s); retry in ${result.retryAfterSeconds} s.`,
    { "Retry-After": String(result.retryAfterSeconds) },
  );
}
