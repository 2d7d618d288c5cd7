import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "@prisma/client";
import { env } from "@/lib/config/env";

export type Db = PrismaClient;
/** A client or an open transaction: domain functions accept either so callers can compose them. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

export function createDbClient(connectionString: string, poolMax = env().DATABASE_POOL_MAX): PrismaClient {
  const adapter = new PrismaPg({ connectionString, max: poolMax, connectionTimeoutMillis: 5_000 });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { __fiscalDb?: PrismaClient };

/** The process-wide client; Next's dev reloads reuse it instead of opening new pools. */
export function getDb(): PrismaClient {
  if (!globalForDb.__fiscalDb) {
    const url = env().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set (the start script sets it for the embedded database)");
    globalForDb.__fiscalDb = createDbClient(url);
  }
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
