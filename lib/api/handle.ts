import { authenticateApiKey, requireScope, type ApiKeyPrincipal } from "@/lib/auth/api-keys";
import { env } from "@/lib/config/env";
import { DomainError } from "@/lib/errors";
import type { RateLimitResult } from "@/lib/rate-limit";
import { apiRateLimitedError, hitApiKeyRateLimit, rateLimitHeaders } from "./api-rate-limit";
import type { Contract } from "@/lib/contracts/contract";
import { readIdempotencyKey, requestFingerprint, runIdempotently } from "./idempotency";
import { resolveActingCompany } from "./acting-company";
import { contractRoute, type AroundRun, type ParsedInput, type RouteHandler } from "./run-contract";
import { recordApiRequest } from "@/lib/status/api-metrics";

export type { RouteHandler } from "./run-contract";

export type HandlerInput<C extends Contract> = ParsedInput<C> & {
  principal: ApiKeyPrincipal;
  companyId: string;
};

export type AccountHandlerInput<C extends Contract> = ParsedInput<C> & {
  principal: Extract<ApiKeyPrincipal, { kind: "account" }>;
  tenantId: string;
};

/** What a /v1 wrapper learns about the caller: the caller object, the rate-limit bucket and the Idempotency-Key scope. */
type Identified<Caller> = { caller: Caller; rateLimitKey: string; idempotencyScope: string };

/**
 * Turns a contract and a domain call into a /v1 route handler of a company's
 * routes: authenticate the API key, find the company it acts for (a company
 * key's own; an account key's from X-Company-Id, lib/api/acting-company.ts),
 * count the request against the rate limit (429 above it; the RateLimit
 * headers on every answer), check the scope, then the shared core
 * (lib/api/run-contract.ts) parses params/query/body, calls the domain
 * function (once per Idempotency-Key, lib/api/idempotency.ts) and maps its
 * result or error to the spec's shapes.
 */
export function handle<C extends Contract>(contract: C, fn: (input: HandlerInput<C>) => Promise<unknown>): RouteHandler {
  return apiRoute(contract, async (principal, request) => {
    const companyId = await resolveActingCompany(principal, request.headers);
    return { caller: { principal, companyId }, rateLimitKey: rateLimitKeyOf(principal, companyId), idempotencyScope: companyId };
  }, fn);
}

/** Rate limits stay per company: an account key has one budget per company it acts for. */
export function rateLimitKeyOf(principal: ApiKeyPrincipal, companyId: string): string {
  return principal.kind === "account" ? `${principal.apiKeyId}:${companyId}` : principal.apiKeyId;
}

/**
 * A batch's admission of its items (POST /v1/fiscal-documents/batch): the request counted
 * the first; each further item counts once more against the key's limit, and one over it
 * gets the 429 body in its result instead of being created.
 */
export function admitEachAfterTheFirst(principal: ApiKeyPrincipal, companyId: string) {
  return async (index: number) => {
    if (index === 0) return null;
    const limit = await hitApiKeyRateLimit(rateLimitKeyOf(principal, companyId));
    return limit.allowed ? null : apiRateLimitedError(limit).toBody();
  };
}

/** The account-level routes (/v1/companies…): an account key only; the tenant is the key's. */
export function handleAccount<C extends Contract>(contract: C, fn: (input: AccountHandlerInput<C>) => Promise<unknown>): RouteHandler {
  return apiRoute(contract, async (principal) => {
    if (principal.kind !== "account") {
      throw new DomainError(403, "insufficient_scope", `This route needs an account API key (fsa_…) with the scope ${contract.scope}; a company key cannot use it.`);
    }
    return { caller: { principal, tenantId: principal.tenantId }, rateLimitKey: principal.apiKeyId, idempotencyScope: "account" };
  }, fn);
}

function apiRoute<C extends Contract, Caller extends { principal: ApiKeyPrincipal }>(
  contract: C,
  identify: (principal: ApiKeyPrincipal, request: Request) => Promise<Identified<Caller>>,
  fn: (input: Caller & ParsedInput<C>) => Promise<unknown>,
): RouteHandler {
  // The limit counted for each request, read back to decorate its answer (success or error).
  const limits = new WeakMap<Request, RateLimitResult>();
  const scopes = new WeakMap<Request, string>();
  const idempotent: AroundRun<Caller> = async (caller, request, rawBody, run) => {
    const key = readIdempotencyKey(request);
    if (key === null) return run();
    const owner = { apiKeyId: caller.principal.apiKeyId, scope: scopes.get(request)! };
    return runIdempotently(owner, key, requestFingerprint(request, owner, rawBody), run);
  };
  const route = contractRoute(
    contract,
    async (request) => {
      const principal = await authenticateApiKey(request.headers.get("authorization"));
      const { caller, rateLimitKey, idempotencyScope } = await identify(principal, request);
      const limit = await hitApiKeyRateLimit(rateLimitKey);
      limits.set(request, limit);
      if (!limit.allowed) throw apiRateLimitedError(limit);
      if (contract.scope) requireScope(principal, contract.scope);
      scopes.set(request, idempotencyScope);
      return caller;
    },
    fn,
    idempotent,
  );
  return async (request, context) => {
    // The status page's own-API figures (lib/status/api-metrics.ts): a counter increment, no allocation.
    const startedAt = performance.now();
    const response = await route(request, context);
    // A `Prefer: wait` request waits on the tax authority by the caller's choice: not our latency.
    const prefer = request.headers.get("prefer");
    if (prefer === null || !prefer.includes("wait")) recordApiRequest(startedAt, response.status);
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
