import { authenticateApiKey, requireScope, type ApiKeyPrincipal } from "@/lib/auth/api-keys";
import { env } from "@/lib/config/env";
import type { RateLimitResult } from "@/lib/rate-limit";
import { apiRateLimitedError, hitApiKeyRateLimit, rateLimitHeaders } from "./api-rate-limit";
import type { Contract } from "./contract";
import { readIdempotencyKey, requestFingerprint, runIdempotently } from "./idempotency";
import { contractRoute, type AroundRun, type ParsedInput, type RouteHandler } from "./run-contract";

export type { RouteHandler } from "./run-contract";

export type HandlerInput<C extends Contract> = ParsedInput<C> & {
  principal: ApiKeyPrincipal;
  companyId: string;
};

/**
 * Turns a contract and a domain call into a /v1 route handler: authenticate
 * the API key, count the request against the key's rate limit (429 above it;
 * the RateLimit headers on every answer), check the scope, then the shared
 * core (lib/api/run-contract.ts) parses params/query/body, calls the domain
 * function and maps its result or error to the spec's shapes. The company is
 * always the key's.
 */
export function handle<C extends Contract>(
  contract: C,
  fn: (input: HandlerInput<C>) => Promise<unknown>,
): RouteHandler {
  // The limit counted for each request, read back to decorate its answer (success or error).
  const limits = new WeakMap<Request, RateLimitResult>();
  const route = contractRoute(
    contract,
    async (request) => {
      const principal = await authenticateApiKey(request.headers.get("authorization"));
      const limit = await hitApiKeyRateLimit(principal.apiKeyId);
      limits.set(request, limit);
      if (!limit.allowed) throw apiRateLimitedError(limit);
      if (contract.scope) requireScope(principal, contract.scope);
      return { principal, companyId: principal.companyId };
    },
    fn,
    idempotent,
  );
  return async (request, context) => {
    const response = await route(request, context);
    const limit = limits.get(request);
    if (!limit) return response;
    const headers = rateLimitHeaders(limit, env().API_RATE_LIMIT_WINDOW_SECONDS);
    try {
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    } catch {
      // Immutable headers (a Response built elsewhere): copy it once.
      const copy = new Response(response.body, response);
      for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
      return copy;
    }
  };
}

/** Idempotency-Key on writes (lib/api/idempotency.ts), per API key and company. */
const idempotent: AroundRun<{ principal: ApiKeyPrincipal; companyId: string }> = async (caller, request, rawBody, run) => {
  const key = readIdempotencyKey(request);
  if (key === null) return run();
  const owner = { apiKeyId: caller.principal.apiKeyId, scope: caller.companyId };
  return runIdempotently(owner, key, requestFingerprint(request, owner, rawBody), run);
};
