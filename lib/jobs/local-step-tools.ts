import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";

// The subset of Inngest's step tools our functions use (run, sleep,
// sleepUntil), backed by the BackgroundRun row: a step's result is stored
// under its id before the function moves on, and on replay the stored result
// is returned without calling the step again.

export type StepMemo = Record<string, { data?: unknown; sleepUntil?: string }>;
type Owner = { runId: string; workerId: string; leaseMs: number };

/** Thrown through the handler to park a run until a sleep ends. */
export class SleepInterrupt extends Error {
  constructor(readonly until: Date) {
    super(`sleeping until ${until.toISOString()}`);
  }
}

/** Another worker took the run over (our lease expired): stop without writing. */
export class LeaseLostError extends Error {}

export function createLocalStepTools(owner: Owner, memo: StepMemo, prefix: string) {
  async function remember(key: string, entry: { data?: unknown; sleepUntil?: string }) {
    const now = Date.now();
    const rows = await sql(
      getPool(),
      `UPDATE "BackgroundRun"
       SET "steps" = "steps" || jsonb_build_object($1::text, $2::jsonb), "leaseUntil" = $3::timestamp, "updatedAt" = $4::timestamp
       WHERE "id" = $5 AND "workerId" = $6 AND "status" = 'RUNNING' RETURNING "id"`,
      [key, JSON.stringify(entry), utc(new Date(now + owner.leaseMs)), utc(new Date(now)), owner.runId, owner.workerId],
    );
    if (rows.length !== 1) throw new LeaseLostError(`run ${owner.runId} is no longer leased by ${owner.workerId}`);
    memo[key] = entry;
  }

  async function sleepUntil(id: string, until: Date): Promise<void> {
    const key = prefix + id;
    // A memoized sleep has been waited for: the driver only resumes a run once its runAt passed.
    if (memo[key]) return;
    if (until.getTime() <= Date.now()) return remember(key, { sleepUntil: until.toISOString() });
    await remember(key, { sleepUntil: until.toISOString() });
    throw new SleepInterrupt(until);
  }

  return {
    async run<T>(id: string, callback: () => Promise<T> | T): Promise<T> {
      const key = prefix + id;
      if (memo[key] && "data" in memo[key]) return memo[key].data as T;
      const result = await callback();
      // Stored and returned as JSON, as Inngest does (Dates become strings).
      const data = result === undefined ? null : (JSON.parse(JSON.stringify(result)) as unknown);
      await remember(key, { data });
      return data as T;
    },
    sleep: (id: string, duration: number | string) => sleepUntil(id, new Date(Date.now() + toMs(duration))),
    sleepUntil: (id: string, until: Date | string) => sleepUntil(id, new Date(until)),
  };
}

function toMs(duration: number | string): number {
  if (typeof duration === "number") return duration;
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(duration.trim());
  if (!match) throw new Error(`Unsupported duration "${duration}"`);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "ms" | "s" | "m" | "h" | "d"];
  return Number(match[1]) * unit;
}
