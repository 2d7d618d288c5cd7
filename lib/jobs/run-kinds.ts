// What the jobs layer needs to know about one function's runs beyond its definition. The room that
// owns the function declares it when the module naming the function loads (lib/webhooks/events.ts,
// lib/emission/events.ts), so jobs never imports the rooms above it (docs/architecture.md, Layers).
// Every process that runs or claims a function's runs has loaded that module: the function's
// definition (inngest/functions) names its id through it.

export type RunKind = {
  /**
   * The run's bookkeeping (its claim and final update) commits asynchronously (ASYNC_COMMIT,
   * lib/db/sql.ts): for functions whose runs are idempotent and at least once, so a run whose
   * claim or finish a database crash rolls back is simply run again.
   */
  asyncCommit?: boolean;
  /**
   * Its QUEUED runs have a partial index of their own by key and due time: a claim of only this
   * function's runs reads that index (claim-run.ts). The function id is written into the claim's
   * statement, since a partial index serves only a query whose conditions name its predicate's values.
   */
  ownQueueIndex?: boolean;
  /**
   * SQL for the authorizer a run of alias `run` talks to (a text, or NULL), for functions whose
   * runs call a tax authority: a worker's slots are shared fairly between authorizers (local-worker.ts).
   */
  authorizerKeySql?: (run: string) => string;
};

const kinds = new Map<string, RunKind>();
let version = 0;

/** Declares (or replaces) what the jobs layer needs to know about `functionId`'s runs. */
export function declareRunKind(functionId: string, kind: RunKind): void {
  kinds.set(functionId, kind);
  version += 1;
}

export function runKind(functionId: string): RunKind | undefined {
  return kinds.get(functionId);
}

/** Every declared function with its kind, in declaration order. */
export function declaredRunKinds(): ReadonlyArray<[string, RunKind]> {
  return [...kinds];
}

/** Changes with every declaration: statements built from the kinds are rebuilt when it moves. */
export function runKindsVersion(): number {
  return version;
}
