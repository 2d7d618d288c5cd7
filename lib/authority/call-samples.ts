import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import type { AuthorityEnvironment } from "./types";

// Every exchange with a tax authority leaves one AuthorityCallSample row (its authorizer, model,
// service, whether it was answered and how long it took): the status page's last-hour p50/p99
// per authorizer come from these (lib/status/authority-figures.ts). The caller only appends to an
// in-memory buffer (no statement on the authority call's path); the buffer is written in one
// multi-row INSERT at most FLUSH_AFTER_MS later. A process that dies loses at most that second's
// samples, and a failed write is logged, never the call's failure.

export type AuthorityCallSample = {
  authorizer: string;
  model: number;
  environment: AuthorityEnvironment;
  service: string;
  answered: boolean;
  durationMs: number;
  at?: Date;
};

/** Samples are kept this long (the page reads the last hour); each process prunes at most every PRUNE_EVERY_MS. */
export const SAMPLE_RETENTION_MS = 2 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const FLUSH_AFTER_MS = 1_000;
/** Beyond this many unwritten samples (the database away), new ones are dropped: they are statistics. */
const MAX_BUFFERED = 10_000;

type Buffered = Required<AuthorityCallSample>;
const state = globalThis as unknown as { __authorityCallSamples?: { buffer: Buffered[]; timer: NodeJS.Timeout | null; lastPrune: number; flushing: Promise<void> | null } };
const samples = (state.__authorityCallSamples ??= { buffer: [], timer: null, lastPrune: 0, flushing: null });

export function recordAuthorityCall(sample: AuthorityCallSample): void {
  if (samples.buffer.length < MAX_BUFFERED) samples.buffer.push({ ...sample, durationMs: Math.max(0, Math.round(sample.durationMs)), at: sample.at ?? new Date() });
  if (!samples.timer) {
    samples.timer = setTimeout(() => void flushAuthorityCallSamples(), FLUSH_AFTER_MS);
    samples.timer.unref();
  }
}

const INSERT = `
  INSERT INTO "AuthorityCallSample" ("authorizer", "model", "environment", "service", "answered", "durationMs", "at")
  SELECT * FROM unnest($1::text[], $2::int[], $3::"Environment"[], $4::text[], $5::boolean[], $6::int[], $7::timestamp[])`;

/** Writes the buffered samples now (the status figures call it first, so this process's own calls are counted). */
export async function flushAuthorityCallSamples(): Promise<void> {
  if (samples.timer) clearTimeout(samples.timer);
  samples.timer = null;
  // One write at a time; a flush asked meanwhile waits for it and then writes what came since.
  while (samples.flushing) await samples.flushing;
  const batch = samples.buffer.splice(0, samples.buffer.length);
  if (batch.length === 0) return;
  samples.flushing = (async () => {
    try {
      const pool = getPool();
      await sql(pool, INSERT, [
        batch.map((s) => s.authorizer),
        batch.map((s) => s.model),
        batch.map((s) => s.environment),
        batch.map((s) => s.service),
        batch.map((s) => s.answered),
        batch.map((s) => s.durationMs),
        batch.map((s) => utc(s.at)),
      ]);
      if (Date.now() - samples.lastPrune > PRUNE_EVERY_MS) {
        samples.lastPrune = Date.now();
        await sql(pool, `DELETE FROM "AuthorityCallSample" WHERE "at" < $1::timestamp`, [utc(new Date(Date.now() - SAMPLE_RETENTION_MS))]);
      }
    } catch (error) {
      console.error(`${batch.length} authority call samples not recorded`, error);
    }
  })();
  try {
    await samples.flushing;
  } finally {
    samples.flushing = null;
  }
}
