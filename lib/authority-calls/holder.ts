import { randomUUID } from "node:crypto";
import { readlinkSync } from "node:fs";
import { hostname } from "node:os";

// Who holds an authority-call claim: "<host>/<pid namespace>:<pid>:<instance>".
// The pid namespace keeps two containers that share a host name apart; the
// instance is for reading logs (threads of one process share its pid, so a
// claim of this very pid is always taken as alive).

/** How often a holder renews its claim's heartbeat. */
export const HEARTBEAT_MS = 2_000;
/** A claim whose heartbeat is older than this is orphaned (its process is gone or frozen). */
export const STALE_HEARTBEAT_MS = 20_000;

function pidNamespace(): string {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return "";
  }
}

const host = `${hostname()}/${pidNamespace()}`;

export const claimHolder = `${host}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Claims held by processes of this host (and pid namespace) that no longer exist. */
export function deadLocalHolders<T extends { holder: string | null }>(claims: T[]): T[] {
  return claims.filter((claim) => {
    if (!claim.holder) return false;
    const at = claim.holder.lastIndexOf(":", claim.holder.lastIndexOf(":") - 1);
    if (claim.holder.slice(0, at) !== host) return false;
    const pid = Number(claim.holder.slice(at + 1, claim.holder.lastIndexOf(":")));
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processExists(pid);
  });
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
