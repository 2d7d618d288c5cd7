import type { DocumentStatus } from "@prisma/client";
import { db } from "@/lib/db/client";

/**
 * Statuses an emission is still on its way through: PROCESSING (a communication
 * failure with attempts left keeps it there until its automatic re-send, issue 50),
 * and DRAFT, where runs from before that change put it. Any other status is an outcome,
 * CONTINGENCY included: an NFC-e issued offline is valid for the sale, so a
 * checkout closes on it (docs/api-notes/contingency.md).
 */
const IN_FLIGHT: ReadonlySet<DocumentStatus> = new Set(["PROCESSING", "DRAFT"]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the company's document has an outcome or `seconds` pass, reading
 * its status from PostgreSQL (the only source of truth, whichever process
 * settles it): every 25 ms at first, then less often, up to every 250 ms, so a
 * checkout's NFC-e answered in 300 ms is seen within a few tens of
 * milliseconds and a long wait costs a few reads a second. Holds no connection
 * between reads. Answers whether an outcome arrived.
 */
export async function waitForOutcome(input: { companyId: string; documentId: string; seconds: number }): Promise<boolean> {
  const deadline = Date.now() + input.seconds * 1000;
  let interval = 25;
  for (;;) {
    const row = await db.fiscalDocument.findFirst({ where: { id: input.documentId, companyId: input.companyId }, select: { status: true } });
    if (!row) return false;
    if (!IN_FLIGHT.has(row.status)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await sleep(Math.min(interval, left));
    interval = Math.min(interval * 1.5, 250);
  }
}
