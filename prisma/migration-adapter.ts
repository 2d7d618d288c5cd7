// The one workaround for Prisma 6.19's JavaScript schema engine (upstream
// prisma issue #27403): its introspection queries return PostgreSQL `name`
// (OID 19) and `"char"` (OID 18) columns, which @prisma/adapter-pg 6.19.3
// cannot map ("Column type 'name' could not be deserialized"). pg already
// hands both over as strings, so this client relabels them as text (OID 25).
// It is passed as the pool's Client class, so the shadow database pool that
// `migrate dev` derives from the same options gets it too. Used only by
// prisma.config.ts; the app's runtime client never needs it. Remove when the
// adapter maps these OIDs.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

const TEXT_OID = 25;
const RELABELLED_OIDS = new Set([18, 19]);

type QueryResultLike = { fields?: { dataTypeID: number }[] };
type AnyQuery = (...args: unknown[]) => unknown;

function relabel<T>(result: T): T {
  for (const field of (result as QueryResultLike | undefined)?.fields ?? []) {
    if (RELABELLED_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
  }
  return result;
}

class RelabellingClient extends pg.Client {
  // pg.Pool#query calls client.query with a callback; the adapter's transactions use the promise.
  override query(...args: unknown[]): never {
    const query = super.query.bind(this) as AnyQuery;
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => last(error, relabel(result));
      return query(...args) as never;
    }
    const outcome = query(...args);
    return (outcome instanceof Promise ? outcome.then(relabel) : outcome) as never;
  }
}

export function createMigrationAdapter(connectionString: string): PrismaPg {
  // allowExitOnIdle: the CLI's process ends when its work is done instead of keeping an idle
  // connection for pg's 10 s idle timeout (every `prisma migrate status` or `db pull` took 12 s, 2 of work).
  return new PrismaPg({ connectionString, Client: RelabellingClient, allowExitOnIdle: true });
}
