import { hitRateLimit, peekRateLimit, type RateLimitRule } from "@/lib/rate-limit";

// Sign-in throttling (issue 16, rate limits): failed sign-ins are counted per
// account and per client address in PostgreSQL (lib/rate-limit, so every web
// process shares them). Once either count reaches its limit, sign-in is
// refused — also with the right password — until the window turns, so a
// password cannot be guessed by spreading attempts across processes.

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 5;
// An office behind one NAT address shares this one: more room than per account.
export const SIGN_IN_FAILURES_PER_ADDRESS = 20;

/** The error next-auth hands back to the sign-in form (`result.error`). */
export const SIGN_IN_THROTTLED = "TooManySignInAttempts";

type HeaderBag = Record<string, string | string[] | undefined> | Headers | undefined;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The first X-Forwarded-For address (Next's server sets it from the socket), else X-Real-IP. */
export function clientAddress(headers: HeaderBag): string {
  return header(headers, "x-forwarded-for")?.split(",")[0]?.trim() || header(headers, "x-real-ip")?.trim() || "unknown";
}

function rules(email: string, address: string): RateLimitRule[] {
  return [
    { key: `sign-in:account:${email.trim().toLowerCase()}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT, windowSeconds: SIGN_IN_WINDOW_SECONDS },
    { key: `sign-in:address:${address}`, limit: SIGN_IN_FAILURES_PER_ADDRESS, windowSeconds: SIGN_IN_WINDOW_SECONDS },
  ];
}

export class SignInThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(SIGN_IN_THROTTLED);
    this.name = "SignInThrottledError";
  }
}

/**
 * Wraps a credentials check: refuses (throws SignInThrottledError) while the
 * account or the address is over its failure limit, counts a failure when the
 * check returns null.
 */
export async function throttleSignIn<T>(input: { email: unknown; headers: HeaderBag }, check: () => Promise<T | null>): Promise<T | null> {
  const email = typeof input.email === "string" ? input.email : "";
  const limits = rules(email, clientAddress(input.headers));
  const states = await Promise.all(limits.map((rule) => peekRateLimit(rule)));
  const blocked = states.filter((state) => !state.allowed);
  if (blocked.length > 0) throw new SignInThrottledError(Math.max(...blocked.map((state) => state.retryAfterSeconds)));
  const result = await check();
  if (result === null) await Promise.all(limits.map((rule) => hitRateLimit(rule)));
  return result;
}
