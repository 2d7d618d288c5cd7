import type { InngestFunction } from "inngest";

// The local driver runs the very functions built with inngest.createFunction.
// The SDK keeps the handler and options on the instance (`fn`, `opts`,
// `onFailureFn`; @inngest/test reads its internals the same way); this file is
// the one place that reaches for them.

export type LocalHandler = (ctx: Record<string, unknown>) => Promise<unknown>;

export type LocalFunction = {
  id: string;
  triggers: string[];
  /** Attempts per run: the SDK's `retries` (default 4) plus the first. */
  maxAttempts: number;
  handler: LocalHandler;
  onFailure?: LocalHandler;
};

type Internals = {
  opts: { id: string; triggers?: Array<{ event?: string }>; retries?: number };
  fn: LocalHandler;
  onFailureFn?: LocalHandler;
};

export function toLocalFunction(fn: InngestFunction.Any): LocalFunction {
  const internals = fn as unknown as Internals;
  return {
    id: internals.opts.id,
    triggers: (internals.opts.triggers ?? []).map((t) => t.event).filter((e): e is string => typeof e === "string"),
    maxAttempts: (internals.opts.retries ?? 4) + 1,
    handler: internals.fn,
    onFailure: internals.onFailureFn,
  };
}
