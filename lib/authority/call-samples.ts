import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import type { AuthorityEnvironment } from "./types";

// Every exchange with a tax authority leaves one AuthorityCallSample row (its authorizer, model,
// service, whether it was answered and how long it took): the status page's last-hour p50/p99
// per authorizer come from these (lib/status/authority-figures.ts). Written after the answer,
// with no connection held during the call; a failure to write is logged, never the call's failure.

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
let lastPrune = 0;

export async function recordAuthorityCall(sample: AuthorityCallSample): Promise<void> {
  try {
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await sql(getPool(), `DELETE FROM "AuthorityCallSample" WHERE "at" < $1::timestamp`, [utc(new Date(Date.now() - SAMPLE_RETENTION_MS))]);
    }
    await sql(
      getPool(),
      `INSERT INTO "AuthorityCallSample" ("authorizer", "model", "environment", "service", "answered", "durationMs", "at") VALUES ($1, $2, $3::"Environment", $4, $5, $6, $7::timestamp)`,
      [sample.authorizer, sample.model, sample.environment, sample.service, sample.answered, Math.max(0, Math.round(sample.durationMs)), utc(sample.at ?? new Date())],
    );
  } catch (error) {
    console.error("authority call sample not recorded", error);
  }
}
