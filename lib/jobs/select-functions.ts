import type { InngestFunction } from "inngest";
import { toLocalFunction } from "./function-access";

/**
 * The functions a worker process runs (WORKER_FUNCTIONS): function ids, comma-separated; a leading
 * "!" runs every function but those ("!webhook-deliver"). Empty or unset: every function.
 */
export function selectFunctions(all: InngestFunction.Any[], spec: string | undefined): InngestFunction.Any[] {
  const ids = (spec ?? "").split(",").map((id) => id.trim()).filter(Boolean);
  if (ids.length === 0) return all;
  const except = ids[0]!.startsWith("!");
  // "a,!b" has no clear meaning (only a? everything but b?): refused rather than guessed.
  if (ids.some((id) => id.startsWith("!") !== except)) throw new Error(`WORKER_FUNCTIONS mixes names with and without "!": ${spec}`);
  const named = new Set(ids.map((id) => id.replace(/^!/, "")));
  const known = all.map((fn) => toLocalFunction(fn).id);
  const unknown = [...named].filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new Error(`WORKER_FUNCTIONS names unknown functions: ${unknown.join(", ")} (known: ${known.join(", ")})`);
  return all.filter((fn) => named.has(toLocalFunction(fn).id) !== except);
}
