import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";

/**
 * Runs `fn` in a transaction: a new one on the root client, or the caller's
 * when `client` is already a transaction (domain functions compose this way).
 * A transaction client has no $transaction of its own.
 */
export function withTransaction<T>(client: DbClient, fn: (tx: DbClient) => Promise<T>): Promise<T> {
  const begin = (client as { $transaction?: unknown }).$transaction;
  if (typeof begin === "function") {
    return (client as { $transaction: (f: (tx: Prisma.TransactionClient) => Promise<T>) => Promise<T> }).$transaction(fn);
  }
  return fn(client);
}
