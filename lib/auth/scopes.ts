import { z } from "zod";

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
] as const;

export type Scope = (typeof SCOPES)[number];
export const ScopeSchema = z.enum(SCOPES);

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** "all" or a comma list, as the CLI and the dashboard accept them. */
export function parseScopeList(input: string | readonly string[] | undefined): Scope[] {
  const raw = typeof input === "string" ? input.split(",") : (input ?? ["all"]);
  const names = raw.map((s) => s.trim()).filter(Boolean);
  if (names.length === 0 || names.includes("all")) return [...SCOPES];
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) throw new Error(`Unknown scope(s): ${unknown.join(", ")}. Known: ${SCOPES.join(", ")}`);
  return [...new Set(names)] as Scope[];
}
