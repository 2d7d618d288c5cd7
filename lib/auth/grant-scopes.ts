import { DomainError } from "@/lib/errors";
import type { ApiKeyPrincipal } from "./api-keys";
import { SCOPES, type Scope } from "@/lib/contracts/scopes";

/**
 * The scopes a key may put on a key it creates: only scopes it holds itself (issue 49,
 * finding 4: an account key with only companies:write minted company keys with every company
 * scope). Asked for a scope it lacks: 403 insufficient_scope naming each missing one. Asked
 * for none: the company scopes it holds (403 when it holds none).
 */
export function grantableScopes(principal: ApiKeyPrincipal, requested: readonly Scope[] | undefined): Scope[] {
  const held = new Set<string>(principal.scopes);
  if (requested === undefined) {
    const granted = SCOPES.filter((scope) => held.has(scope));
    if (granted.length === 0) {
      throw new DomainError(403, "insufficient_scope", "This API key holds no company scope, and a key can grant only scopes it holds; send scopes it holds, or use a key that holds them.");
    }
    return granted;
  }
  const missing = requested.filter((scope) => !held.has(scope));
  if (missing.length > 0) {
    throw new DomainError(403, "insufficient_scope", `A key can grant only scopes it holds; this API key lacks ${missing.join(", ")}.`);
  }
  return [...requested];
}
