import { z } from "zod";

// In lib/contracts (not lib/auth, which checks them): a contract names the scope it requires, and
// contracts lie below auth (scripts/check-layers.ts).
// The spec's scopes (api.md, Authentication 4) plus the ones it leaves open:
// documents:read (list, detail, xml, danfe), inutilizations:read/write and
// company:read. documents:write covers create, emit, cancel, correction letter
// and delivery receipts.
export const SCOPES = [
  "documents:read",
  "documents:write",
  "inutilizations:read",
  "inutilizations:write",
  "tax-rules:read",
  "tax-rules:write",
  "clients:read",
  "clients:write",
  "templates:read",
  "templates:write",
  "carriers:read",
  "carriers:write",
  "products:read",
  "products:write",
  "webhooks:read",
  "webhooks:write",
  "company:read",
  // Received documents (issue 38): list, detail, XML, DANFE; manifestation and sync.
  "received:read",
  "received:write",
] as const;

export type Scope = (typeof SCOPES)[number];
export const ScopeSchema = z.enum(SCOPES);

// Account (tenant) keys only: the companies routes (docs/api-notes/authentication.md). An
// account key holds these plus any company scope, which it uses with X-Company-Id.
export const ACCOUNT_ONLY_SCOPES = ["companies:read", "companies:write"] as const;
export const ACCOUNT_SCOPES = [...ACCOUNT_ONLY_SCOPES, ...SCOPES] as const;
export type AccountScope = (typeof ACCOUNT_SCOPES)[number];
/** Any scope a route may require. */
export type ApiScope = AccountScope;
export const AccountScopeSchema = z.enum(ACCOUNT_SCOPES);

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** "all" or a comma list, as the CLI and the dashboard accept them; `known` is the key kind's scopes. */
export function parseScopeList<S extends string = Scope>(input: string | readonly string[] | undefined, known: readonly S[] = SCOPES as unknown as readonly S[]): S[] {
  const raw = typeof input === "string" ? input.split(",") : (input ?? ["all"]);
  const names = raw.map((s) => s.trim()).filter(Boolean);
  if (names.length === 0 || names.includes("all")) return [...known];
  const unknown = names.filter((name) => !(known as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown scope(s): ${unknown.join(", ")}. Known: ${known.join(", ")}`);
  return [...new Set(names)] as S[];
}
