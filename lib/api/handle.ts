import { authenticateApiKey, requireScope, type ApiKeyPrincipal } from "@/lib/auth/api-keys";
import type { Contract } from "./contract";
import { contractRoute, type ParsedInput, type RouteHandler } from "./run-contract";

export type { RouteHandler } from "./run-contract";

export type HandlerInput<C extends Contract> = ParsedInput<C> & {
  principal: ApiKeyPrincipal;
  companyId: string;
};

/**
 * Turns a contract and a domain call into a /v1 route handler: authenticate
 * the API key, check the scope, then the shared core (lib/api/run-contract.ts)
 * parses params/query/body, calls the domain function and maps its result or
 * error to the spec's shapes. The company is always the key's.
 */
export function handle<C extends Contract>(
  contract: C,
  fn: (input: HandlerInput<C>) => Promise<unknown>,
): RouteHandler {
  return contractRoute(
    contract,
    async (request) => {
      const principal = await authenticateApiKey(request.headers.get("authorization"));
      if (contract.scope) requireScope(principal, contract.scope);
      return { principal, companyId: principal.companyId };
    },
    fn,
  );
}
