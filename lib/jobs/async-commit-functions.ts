import { DELIVER_WEBHOOKS_FUNCTION_ID } from "@/lib/webhooks/events";

/**
 * Functions whose runs' bookkeeping (the claim and the final update of a run) commits
 * asynchronously (ASYNC_COMMIT, lib/db/sql.ts): their runs are idempotent and everything they do is
 * at least once, so a run whose claim or finish a database crash rolls back is simply run again.
 * Webhook delivery runs: a busy endpoint gets one every few seconds, and each synchronous commit
 * was a WAL flush. Emission's runs keep synchronous commits.
 */
export const ASYNC_COMMIT_FUNCTIONS: ReadonlySet<string> = new Set([DELIVER_WEBHOOKS_FUNCTION_ID]);
