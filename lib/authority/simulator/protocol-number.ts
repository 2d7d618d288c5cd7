import { randomInt } from "node:crypto";

// nProt (TProt, 15 digits) as SEFAZ numbers them: the kind of protocol (1
// authorization/event, 2 … ), the authorizer's cUF, the two-digit year and a
// ten-digit sequence. The simulator's sequence is the clock plus a random tail:
// unique enough for a test authority, and never reused across restarts.
let last = 0;

export function newProtocolNumber(cUF: string, date = new Date()): string {
  const tick = Math.max(last + 1, Date.now() * 10 + randomInt(0, 10));
  last = tick;
  const sequence = String(tick % 10_000_000_000).padStart(10, "0");
  return `1${cUF.padStart(2, "0").slice(-2)}${String(date.getUTCFullYear()).slice(-2)}${sequence}`;
}

/** The receipt number (nRec, 15 digits) of a batch: cUF + a 13-digit sequence. */
export function newReceiptNumber(cUF: string): string {
  const tick = Math.max(last + 1, Date.now() * 10 + randomInt(0, 10));
  last = tick;
  return `${cUF.padStart(2, "0").slice(-2)}${String(tick % 10_000_000_000_000).padStart(13, "0")}`;
}
