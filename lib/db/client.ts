import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "@prisma/client";
import pg from "pg";
import { env } from "@/lib/config/env";

export type Db = PrismaClient;
/** A client or an open transaction: domain functions accept either so callers can compose them. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

export function createDbClient(connectionString: string, poolMax = env().DATABASE_POOL_MAX): PrismaClient {
  return clientOver(createPool(connectionString, poolMax));
}

// allowExitOnIdle: the pool outlives $disconnect (Prisma may reconnect), so idle connections must not keep a script alive.
export function createPool(connectionString: string, max: number): pg.Pool {
  // idleTimeoutMillis 60 s (pg's default is 10 s): under steady load a pool kept reopening connections, each a stall of a few ms.
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 60_000,
    allowExitOnIdle: true,
  });
  // An idle connection closed by the server (restart, dropped database) must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error("idle PostgreSQL connection error:", error.message));
  return pool;
}

/** Prisma over a pool we own, so hot paths can run plain SQL on the same connections (lib/db/sql.ts). */
function clientOver(pool: pg.Pool): PrismaClient {
  // maxWait: a transaction waits for a pooled connection as long as plain queries do (pg's connectionTimeoutMillis),
  // instead of Prisma's 2 s, which bursts of emits on a small pool exceeded.
  return new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: 5_000, timeout: 10_000 } });
}

const globalForDb = globalThis as unknown as { __fiscalDb?: PrismaClient; __fiscalPool?: pg.Pool };

/** The process-wide pool behind `db`; Next's dev reloads reuse it instead of opening new ones. */
export function getPool(): pg.Pool {
  if (!globalForDb.__fiscalPool) {
    const url = env().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set (the start, cli, worker and migrate scripts set it for the embedded database under DATA_DIR)");
    globalForDb.__fiscalPool = createPool(url, env().DATABASE_POOL_MAX);
  }
  return globalForDb.__fiscalPool;
}

/** The process-wide client; Next's dev reloads reuse it instead of opening new pools. */
export function getDb(): PrismaClient {
  if (!globalForDb.__fiscalDb) globalForDb.__fiscalDb = clientOver(getPool());
  return globalForDb.__fiscalDb;
}

/** Lazily bound so importing a module never opens a connection. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  has(_target, property) {
    return Reflect.has(getDb(), property);
  },
  get(_target, property) {
    const client = getDb();
    const value = Reflect.get(client, property, client) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(client) : value;
  },
});

export { Prisma };

/** Closes the process-wide client and its pool (scripts that hand the database to another process, e.g. the embedded one). */
export async function closeDb(): Promise<void> {
  const { __fiscalDb: client, __fiscalPool: pool } = globalForDb;
  globalForDb.__fiscalDb = undefined;
  globalForDb.__fiscalPool = undefined;
  await client?.$disconnect();
  await pool?.end();
}
