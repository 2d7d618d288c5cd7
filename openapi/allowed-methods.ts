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
  // Runs on every /v1 request (openapi/api-request-guard.ts): no allocation unless refused.
  const upper = method.toUpperCase();
  let allowed: Set<string> | undefined;
  for (const route of patterns) {
    if (!route.pattern.test(pathname)) continue;
    if (route.methods.has(upper)) return null;
    allowed ??= new Set();
    for (const name of route.methods) allowed.add(name);
  }
  return allowed ? [...allowed].sort() : null;
}
