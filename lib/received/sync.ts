import type { Environment, ReceivedDocument } from "@prisma/client";
import { getTaxAuthority, type DistributionResult } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { storeDistributedItems } from "./store-items";

// The distribution run of one company (NT 2014.002, NFeDistribuicaoDFe by
// distNSU): page after page from the last NSU stored until the answer says
// there is nothing more. Each page's items and the cursor (ultNSU) are written
// in ONE transaction, guarded by the cursor the page was asked from, so a crash
// or a concurrent run never skips or repeats an NSU. No connection or lock is
// held during the call. When the answer says there is nothing more (137, or
// ultNSU = maxNSU) the next call waits RECEIVED_SYNC_WAIT_SECONDS (an hour);
// a 656 (consumo indevido) pauses the company for the hour too.

export const MISUSE_WAIT_MS = 60 * 60 * 1000;
/** Pages one run reads at most; a company with more continues in the next run (which is due at once). */
export const MAX_PAGES_PER_RUN = 20;
const INITIAL_NSU = "000000000000000";

export type SyncOutcome =
  | { status: "synced"; pages: number; created: ReceivedDocument[]; lastNsu: string; maxNsu: string; notBefore: Date | null }
  | { status: "waiting"; notBefore: Date }
  | { status: "failed"; reason: string; cStat?: string; notBefore: Date | null };

type Company = { id: string; cnpj: string; state: string; environment: Environment };

async function loadCompany(companyId: string): Promise<Company> {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { id: true, cnpj: true, state: true, environment: true } });
  if (!company) throw notFound("Company");
  return company;
}

async function cursorOf(company: Company) {
  return db.receivedSync.upsert({
    where: { companyId_environment: { companyId: company.id, environment: company.environment } },
    create: { companyId: company.id, environment: company.environment, lastNsu: INITIAL_NSU, maxNsu: INITIAL_NSU },
    update: {},
  });
}

/** When the company may next ask the distribution service (null: now). */
export async function nextSyncAllowedAt(companyId: string, now = new Date()): Promise<Date | null> {
  const company = await loadCompany(companyId);
  const cursor = await db.receivedSync.findUnique({ where: { companyId_environment: { companyId, environment: company.environment } } });
  return cursor?.notBefore && cursor.notBefore > now ? cursor.notBefore : null;
}

export async function syncReceivedDocuments(companyId: string, options: { now?: () => Date } = {}): Promise<SyncOutcome> {
  const now = options.now ?? (() => new Date());
  const company = await loadCompany(companyId);
  const scope = { companyId: company.id, environment: company.environment };
  const cursor = await cursorOf(company);
  if (cursor.notBefore && cursor.notBefore > now()) return { status: "waiting", notBefore: cursor.notBefore };

  const credentials = await loadSigningCredentials(companyId);
  const authority = getTaxAuthority(company.environment);
  const target = { uf: company.state, environment: company.environment, model: 55 as const };
  const waitMs = env().RECEIVED_SYNC_WAIT_SECONDS * 1000;
  const created: ReceivedDocument[] = [];
  let lastNsu = cursor.lastNsu;
  let maxNsu = cursor.maxNsu;
  for (let page = 1; page <= MAX_PAGES_PER_RUN; page++) {
    const answer: DistributionResult = await authority.distribute(target, company.cnpj, { kind: "distNSU", lastNsu }, credentials);
    if (answer.kind !== "answered") {
      const misuse = answer.cStat === "656";
      const notBefore = misuse ? new Date(now().getTime() + MISUSE_WAIT_MS) : null;
      await db.receivedSync.update({
        where: { companyId_environment: scope },
        data: { lastCStat: answer.cStat ?? null, lastReason: answer.reason.slice(0, 500), lastRunAt: now(), ...(notBefore ? { notBefore } : {}) },
      });
      return { status: "failed", reason: answer.reason, cStat: answer.cStat, notBefore };
    }
    const askedFrom = lastNsu;
    const nextNsu = answer.lastNsu.padStart(15, "0");
    const caughtUp = answer.cStat === "137" || BigInt(answer.lastNsu || "0") >= BigInt(answer.maxNsu || "0");
    const notBefore = caughtUp ? new Date(now().getTime() + waitMs) : null;
    const stored = await db.$transaction(async (tx) => {
      // The cursor must still be where this page was asked from: another run that got there first stored it.
      const [row] = await tx.$queryRaw<{ lastNsu: string }[]>`
        SELECT "lastNsu" FROM "ReceivedSync" WHERE "companyId" = ${company.id} AND "environment"::text = ${company.environment} FOR UPDATE`;
      if (row?.lastNsu !== askedFrom) return null;
      const result = await storeDistributedItems(tx, scope, answer.items, now());
      // Never backwards: a 137 answers ultNSU = maxNSU, which is at least where we are.
      const advanced = BigInt(nextNsu) > BigInt(askedFrom) ? nextNsu : askedFrom;
      await tx.receivedSync.update({
        where: { companyId_environment: scope },
        data: { lastNsu: advanced, maxNsu: answer.maxNsu.padStart(15, "0"), notBefore, lastCStat: answer.cStat, lastReason: answer.reason.slice(0, 500), lastRunAt: now() },
      });
      return { created: result.created, lastNsu: advanced };
    });
    if (!stored) return { status: "failed", reason: "Another run advanced the cursor; this run stopped", notBefore: null };
    created.push(...stored.created);
    lastNsu = stored.lastNsu;
    maxNsu = answer.maxNsu.padStart(15, "0");
    if (caughtUp) return { status: "synced", pages: page, created, lastNsu, maxNsu, notBefore };
    // An answer that does not move the cursor and does not say "nothing more": stop rather than ask the same page again.
    if (stored.lastNsu === askedFrom) return { status: "synced", pages: page, created, lastNsu, maxNsu, notBefore: null };
  }
  return { status: "synced", pages: MAX_PAGES_PER_RUN, created, lastNsu, maxNsu, notBefore: null };
}

/** POST /v1/received-documents/sync: 429 with Retry-After inside the wait after an empty answer or a 656. */
export async function assertSyncAllowed(companyId: string, now = new Date()): Promise<void> {
  const notBefore = await nextSyncAllowedAt(companyId, now);
  if (notBefore) {
    const seconds = Math.max(1, Math.ceil((notBefore.getTime() - now.getTime()) / 1000));
    throw new DomainError(429, "rate_limited", `The distribution service allows the next query at ${notBefore.toISOString()} (an hour after an answer with nothing more, or after a 656)`, { "retry-after": String(seconds) });
  }
}
