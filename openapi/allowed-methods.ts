import { allContracts } from "./contract-registry";

// Next answers a method a route file does not export with an empty 405. The
// registry knows every route's methods, so proxy.ts answers the error object
// (with Allow) instead, for every route at once.

type RoutePattern = { pattern: RegExp; methods: Set<string> };

let patterns: RoutePattern[] | undefined;

function compile(): RoutePattern[] {
  const byPath = new Map<string, Set<string>>();
  for (const contract of allContracts) {
    const methods = byPath.get(contract.path) ?? new Set<string>();
    methods.add(contract.method);
    if (contract.method === "GET") methods.add("HEAD");
    methods.add("OPTIONS");
    byPath.set(contract.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}/g, "[^/]+")}/?$`),
    methods,
  }));
}

/** The methods the path's route accepts, or null when no contract has this path (or the method is accepted). */
export function disallowedMethod(pathname: string, method: string): string[] | null {
  patterns ??= compile();
  const matches = patterns.filter((route) => route.pattern.test(pathname));
  if (matches.length === 0) return null;
  const allowed = new Set(matches.flatMap((route) => [...route.methods]));
  return allowed.has(method.toUpperCase()) ? null : [...allowed].sort();
}
