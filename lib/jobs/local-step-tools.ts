import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { runUpdateCtes, type DeferStepWrite, type StepWrite } from "./step-write";

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

/**
 * The steps finished but not yet written. A step's result is written at the
 * latest before the next step starts (so no step's side effects ever happen
 * without the previous result stored), and the last ones go with the run's
 * final update: one statement fewer per step than writing each at once, with
 * the same guarantee as before, since a crash between a step and its write
 * replays that step either way. A step's last write to its domain tables
 * (step-write.ts) goes with its result, in the same statement.
 */
export class StepJournal {
  private pending: StepMemo = {};
  private write: StepWrite | null = null;

  constructor(private readonly owner: Owner) {}

  record(key: string, entry: { data?: unknown; sleepUntil?: string }, write: StepWrite | null = null): void {
    this.pending[key] = entry;
    // Carried to the next journal write, which is made before the next step starts.
    if (write) this.write = write;
  }

  /** The unwritten entries and the last step's write, handed to the run's final update (and forgotten here). */
  take(): { steps: StepMemo | null; write: StepWrite | null } {
    const taken = this.pending;
    const write = this.write;
    this.pending = {};
    this.write = null;
    return { steps: Object.keys(taken).length > 0 ? taken : null, write };
  }

  async flush(): Promise<void> {
    const { steps, write } = this.take();
    if (!steps) return;
    const now = Date.now();
    const update = runUpdateCtes(
      `UPDATE "BackgroundRun" SET "steps" = "steps" || $1::jsonb, "leaseUntil" = $2::timestamp, "updatedAt" = $3::timestamp
       WHERE "id" = $4 AND "workerId" = $5 AND "status" = 'RUNNING'`,
      [JSON.stringify(steps), utc(new Date(now + this.owner.leaseMs)), utc(new Date(now)), this.owner.runId, this.owner.workerId],
      write,
    );
    const rows = await sql(getPool(), `WITH ${update.ctes} SELECT "id" FROM finished`, update.values);
    // Also when the step's write did not apply (the document is no longer the run's): nothing is recorded, the step is replayed.
    if (rows.length !== 1) throw new LeaseLostError(`run ${this.owner.runId} is no longer leased by ${this.owner.workerId}`);
  }
}

export function createLocalStepTools(journal: StepJournal, memo: StepMemo, prefix: string) {
  function remember(key: string, entry: { data?: unknown; sleepUntil?: string }, write: StepWrite | null = null) {
    journal.record(key, entry, write);
    memo[key] = entry;
  }

  async function sleepUntil(id: string, until: Date): Promise<void> {
    const key = prefix + id;
    // A memoized sleep has been waited for: the driver only resumes a run once its runAt passed.
    if (memo[key]) return;
    remember(key, { sleepUntil: until.toISOString() });
    // A sleep still to wait parks the run: its entry goes with that update (executeRun).
    if (until.getTime() > Date.now()) throw new SleepInterrupt(until);
  }

  // The step running now, whose last write deferStepWrite takes. A run's steps run one after the
  // other; should a function run steps in parallel, none of them defers its write.
  let running = 0;
  let active: { write: StepWrite | null } | null = null;
  const deferStepWrite: DeferStepWrite = (write) => {
    if (!active) return false;
    if (active.write) throw new Error("A step hands the driver one write, its last");
    active.write = write;
    return true;
  };

  return {
    deferStepWrite,
    async run<T>(id: string, callback: () => Promise<T> | T): Promise<T> {
      const key = prefix + id;
      if (memo[key] && "data" in memo[key]) return memo[key].data as T;
      await journal.flush();
      const step: { write: StepWrite | null } = { write: null };
      running++;
      active = running === 1 ? step : null;
      let result: T;
      try {
        result = await callback();
      } finally {
        running--;
        if (active === step) active = null;
      }
      const write = step.write;
      // Stored and returned as JSON, as Inngest does (Dates become strings).
      const data = result === undefined ? null : (JSON.parse(JSON.stringify(result)) as unknown);
      remember(key, { data }, write);
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
