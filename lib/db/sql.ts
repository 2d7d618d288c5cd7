import { createHash } from "node:crypto";
import pg from "pg";
import { getPool, type DbClient } from "./client";

// Plain SQL for the hot paths (emission, the local driver): Prisma 6.19
// compiles every query in WebAssembly (0.4–1 ms of CPU each, no plan cache),
// which at a hundred documents per second costs more than the work itself.
// Same pool and connections as `db`, so both can be mixed freely outside
// transactions. Tables and columns are Prisma's (no @map), quoted.

/** A pool (autocommit statements) or a client checked out for a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

// timestamp(3) columns hold UTC wall time, as Prisma writes them; pg's default
// parser would read them in the process's local zone.
const TIMESTAMP_WITHOUT_ZONE = 1114;
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP_WITHOUT_ZONE) return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format as "text");
  },
} as pg.CustomTypesConfig;

export async function sql<T extends object>(client: Queryable, text: string, values: unknown[] = []): Promise<T[]> {
  const result = await client.query<T>({ name: statementName(text), text, values, types });
  return result.rows;
}

// Every statement is a named prepared statement: each connection parses it once, and PostgreSQL
// can keep its plan. Unnamed, parsing and planning took about 0.5 ms of server CPU per statement,
// more than executing them (measured with log_min_duration_statement during bench:emit).
const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `s${createHash("sha1").update(text).digest("hex").slice(0, 20)}`));
  return name;
}

/** The same statement on a Prisma client or transaction, or on a pg connection (domain functions used by both kinds of caller). */
export async function sqlOn<T extends object>(client: DbClient | Queryable, text: string, values: unknown[] = []): Promise<T[]> {
  if ("$queryRawUnsafe" in client) return client.$queryRawUnsafe<T[]>(text, ...values);
  return sql<T>(client, text, values);
}

/** Runs `work` in one transaction on one connection; rolls back when it throws. */
export async function inSqlTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, pool: pg.Pool = getPool()): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A condition that makes the statement's transaction commit without waiting for its WAL to reach
 * the disk (synchronous_commit off for that transaction only; the setting is back to the server's
 * afterwards). Only for bookkeeping whose loss in a database crash loses nothing: the lost
 * transactions are always the latest ones (WAL is lost only from its end, and a later synchronous
 * commit flushes every earlier one), so what they recorded is simply done again. Webhook delivery
 * runs use it (docs/api-notes/webhooks.md, Commits of delivery bookkeeping): on this machine a
 * synchronous commit costs the backend about 0.1 ms of CPU and the statement 0.3–0.4 ms of wall
 * time more, for the WAL flush. Written as a one-time filter, so the plan is unchanged; a statement
 * that writes nothing flushes nothing anyway.
 */
export const ASYNC_COMMIT = `(SELECT set_config('synchronous_commit', 'off', true)) IS NOT NULL`;

/** Timestamps are written as UTC ISO strings: a Date parameter would be sent in the local zone. */
export function utc(date: Date): string {
  return date.toISOString();
}
