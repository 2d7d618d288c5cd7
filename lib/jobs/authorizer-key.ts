import { declaredRunKinds } from "./run-kinds";

// The authorizer a run talks to (an emission run: the issuer's state + model + environment, as
// lib/emission/events.ts declares it). A local worker lets one authorizer hold at most part of
// its slots (local-worker.ts), so an authority that hangs delays only its own companies (issue 34,
// item 8). Functions that declare no authorizer (run-kinds.ts) have none.

/** SQL for the authorizer key of run alias `run` (null for functions without one). */
export function authorizerKeySql(run: string): string {
  const cases = declaredRunKinds()
    .filter(([, kind]) => kind.authorizerKeySql)
    .map(([functionId, kind]) => `WHEN ${run}."functionId" = '${functionId}' THEN ${kind.authorizerKeySql!(run)}`);
  return cases.length === 0 ? "NULL::text" : `CASE ${cases.join(" ")} END`;
}
