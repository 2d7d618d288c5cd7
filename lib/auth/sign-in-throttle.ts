import { getPool } from "@/lib/db/client";
import { sql, utc, type Queryable } from "@/lib/db/sql";
// Upward import kept (scripts/check-layers.ts): the client address as the API resolves it behind trusted proxies.
import { clientAddress, type HeaderBag } from "@/lib/api/client-address";

// Sign-in throttling (issue 16; issue 34 problem 3): every attempt reserves a
// slot per account and per client address in PostgreSQL BEFORE the Argon2id
// check, in one transaction that refuses when either count is at its limit.
// So at most SIGN_IN_FAILURES_PER_ACCOUNT checks run per account and window,
// however many attempts arrive at once and in however many processes. A
// successful check gives its slots back: the limits count failures (and
// attempts in flight), so signing in often never locks anyone out. Always
// PostgreSQL, even with REDIS_URL: sign-in is rare and this is its only store.

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 5;
// An office behind one NAT address shares this one: more room than per account.
export const SIGN_IN_FAILURES_PER_ADDRESS = 20;

/** The error next-auth hands back to the sign-in form (`result.error`). */
export const SIGN_IN_THROTTLED = "TooManySignInAttempts";

export class SignInThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(SIGN_IN_THROTTLED);
    this.name = "SignInThrottledError";
  }
}

type Slot = { key: string; limit: number };

function slots(email: string, address: string): Slot[] {
  return [
    { key: `sign-in:account:${email.trim().toLowerCase()}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT },
    { key: `sign-in:address:${address}`, limit: SIGN_IN_FAILURES_PER_ADDRESS },
  ];
}

// The current fixed window by the database clock (one clock for every process).
const WINDOW = `
  SELECT to_timestamp(floor(extract(epoch FROM clock_timestamp()) / $1) * $1) AT TIME ZONE 'UTC' AS "windowStart",
         ceil(floor(extract(epoch FROM clock_timestamp()) / $1) * $1 + $1 - extract(epoch FROM clock_timestamp()))::int AS "secondsLeft"`;

// Takes one slot unless the key's count in this window is at its limit (then no row comes back).
// The row lock of the upsert serialises concurrent attempts on one key.
const RESERVE = `
  INSERT INTO "RateLimitCounter" ("key", "windowStart", "count") VALUES ($1, $2::timestamp, 1)
  ON CONFLICT ("key") DO UPDATE SET
    "count" = CASE WHEN "RateLimitCounter"."windowStart" = EXCLUDED."windowStart" THEN "RateLimitCounter"."count" + 1 ELSE 1 END,
    "windowStart" = EXCLUDED."windowStart"
  WHERE "RateLimitCounter"."windowStart" <> EXCLUDED."windowStart" OR "RateLimitCounter"."count" < $3
  RETURNING "count"`;

const RELEASE = `UPDATE "RateLimitCounter" SET "count" = "count" - 1 WHERE "key" = ANY($1::text[]) AND "windowStart" = $2::timestamp AND "count" > 0`;

type Reservation = { reserved: true; windowStart: Date } | { reserved: false; retryAfterSeconds: number };

/** Reserves one attempt on every slot, all or none. */
async function reserve(limits: Slot[]): Promise<Reservation> {
  const connection = await getPool().connect();
  try {
    await connection.query("BEGIN");
    const [window] = await sql<{ windowStart: Date; secondsLeft: number }>(connection, WINDOW, [SIGN_IN_WINDOW_SECONDS]);
    for (const slot of limits) {
      const rows = await sql(connection, RESERVE, [slot.key, utc(window!.windowStart), slot.limit]);
      if (rows.length === 0) {
        await connection.query("ROLLBACK");
        return { reserved: false, retryAfterSeconds: Math.max(1, window!.secondsLeft) };
      }
    }
    await connection.query("COMMIT");
    return { reserved: true, windowStart: window!.windowStart };
  } catch (error) {
    await connection.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

function release(client: Queryable, limits: Slot[], windowStart: Date): Promise<unknown> {
  return sql(client, RELEASE, [limits.map((slot) => slot.key), utc(windowStart)]);
}

/**
 * Wraps a credentials check: reserves the attempt first and refuses
 * (throws SignInThrottledError, without running the check) when the account
 * or the address has no attempt left in this window; gives the slots back
 * unless the check said the credentials were wrong.
 */
export async function throttleSignIn<T>(input: { email: unknown; headers: HeaderBag }, check: () => Promise<T | null>): Promise<T | null> {
  const email = typeof input.email === "string" ? input.email : "";
  const limits = slots(email, clientAddress(input.headers));
  const reservation = await reserve(limits);
  if (!reservation.reserved) throw new SignInThrottledError(reservation.retryAfterSeconds);
  let wrongPassword = false;
  try {
    const result = await check();
    wrongPassword = result === null;
    return result;
  } finally {
    // Only a wrong password keeps its slot: a success, or a check that threw (database down), gives it back.
    if (!wrongPassword) await release(getPool(), limits, reservation.windowStart);
  }
}
