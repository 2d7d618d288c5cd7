import { resetEnvCache } from "@/lib/config/env";
import { db } from "@/test/factories";

// Test helpers for the per-company bound on authority calls (lib/authority-calls):
// the claims in flight, and whether the documents' rows are free meanwhile.

/** Runs `fn` with AUTHORITY_CALLS_PER_COMPANY set to `limit`, restoring the default afterwards. */
export async function withCompanyCallLimit<T>(limit: number, fn: () => Promise<T>): Promise<T> {
  process.env.AUTHORITY_CALLS_PER_COMPANY = String(limit);
  resetEnvCache();
  try {
    return await fn();
  } finally {
    delete process.env.AUTHORITY_CALLS_PER_COMPANY;
    resetEnvCache();
  }
}

export const claimsInFlight = (companyId: string) => db.authorityCallClaim.count({ where: { companyId } });

/** Polls until `count` calls of the company hold a claim (or `maxMs` passed). */
export async function waitForClaims(companyId: string, count: number, maxMs = 2_000): Promise<void> {
  for (let waited = 0; (await claimsInFlight(companyId)) < count && waited < maxMs; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Polls until `count` of the documents' event intents are committed (or `maxMs` passed): the
 * intent's short transaction key-share locks its document row before the call, never during it.
 */
export async function waitForIntents(documentIds: string[], count: number, maxMs = 2_000): Promise<void> {
  const pending = () => db.documentEventIntent.count({ where: { documentId: { in: documentIds }, status: "PENDING" } });
  for (let waited = 0; (await pending()) < count && waited < maxMs; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** How many of the rows can be locked at once right now: FOR UPDATE NOWAIT fails (55P03) if anyone holds one. */
export function lockRowsNowait(documentIds: string[]): Promise<number> {
  return db.$transaction(async (tx) => (await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "FiscalDocument" WHERE "id" = ANY(${documentIds}) FOR UPDATE NOWAIT`).length);
}
