/**
 * The `wait` preference of RFC 7240 (`Prefer: wait=10`, possibly among other
 * preferences: `respond-async, wait=5`): how many seconds the client is ready
 * to wait for an emission's outcome in the same call. Absent, malformed or
 * zero: null (the usual asynchronous answer). Above the ceiling the ceiling
 * applies, and Preference-Applied says so.
 */
export const MAX_PREFER_WAIT_SECONDS = 30;

export function parsePreferWait(header: string | null): number | null {
  if (!header) return null;
  for (const preference of header.split(",")) {
    const match = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*(;.*)?$/i.exec(preference);
    if (!match) continue;
    const seconds = Number(match[1]);
    return seconds > 0 ? Math.min(seconds, MAX_PREFER_WAIT_SECONDS) : null;
  }
  return null;
}
