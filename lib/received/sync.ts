import type { Environment, ReceivedDocument, ReceivedSync } from "@prisma/client";
import { getTaxAuthority, usesSimulator, type DistributionResult } from "@/lib/authority";
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
// a 656 (consumo indevido) pauses the company for the hour too. The ultNSU of
// every answer is adopted when it is ahead of the cursor, a 656's included: the
// Ambiente Nacional names there the NSU the company must ask from ("Deve ser
// utilizado o ultNSU nas solicitacoes subsequentes"), typically because another
// system (the ERP, the accountant) reads the same CNPJ's distribution; asking
// from our old cursor again would be refused 656 every hour, forever.
//
// One exception, for a newcomer's homologation (issue 54, item 4): against
// the built-in simulator, an empty answer with maxNSU 0 (nothing was ever
// distributed to the CNPJ, typically a company created minutes ago) waits
// FIRST_ANSWER_WAIT_MS instead of the hour, and the simulator does not answer
// 656 to the same case, so an NF-e issued to it arrives within a minute. The
// real authority (AUTHORITY_MODE=sefaz, and PRODUCTION always) keeps the hour.

export const MISUSE_WAIT_MS = 60 * 60 * 1000;
/** The wait after an empty answer with maxNSU 0 in HOMOLOGATION against the simulator (also the schedule's tick there). */
export const FIRST_ANSWER_WAIT_MS = 20 * 1000;
/** Pages one run reads at most; a company with more continues in the next run (which is due at once). */
export const MAX_PAGES_PER_RUN = 20;
const INITIAL_NSU = "000000000000000";

export type SyncOutcome =
  | { status: "synced"; pages: number; created: ReceivedDocument[]; lastNsu: string; maxNsu: string; notBefore: Date | null }
  | { status: "waiting"; notBefore: Date }
  /** `lastNsu`: the cursor the answer moved (the ultNSU a 656 named). */
  | { status: "failed"; reason: string; cStat?: string; notBefore: Date | null; lastNsu?: string };

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

/** The wait after an answer with nothing more: RECEIVED_SYNC_WAIT_SECONDS, or the newcomer's short one (see above). */
export function waitAfterCaughtUpMs(environment: Environment, maxNsu: string): number {
  const full = env().RECEIVED_SYNC_WAIT_SECONDS * 1000;
  const nothingEverDistributed = BigInt(maxNsu || "0") === 0n;
  return usesSimulator(environment) && nothingEverDistributed ? Math.min(FIRST_ANSWER_WAIT_MS, full) : full;
}

/**
 * When the cursor's wait ends: its notBefore, shortened to lastRunAt + RECEIVED_SYNC_WAIT_SECONDS
 * when the setting is now lower than when the wait was written (a 656's hour is the authority's and
 * stays). The schedule's tick writes the same rule back (schedule.ts, SHORTEN_WAITS).
 */
export function waitEndOf(cursor: Pick<ReceivedSync, "notBefore" | "lastCStat" | "lastRunAt">): Date | null {
  if (!cursor.notBefore) return null;
  if (cursor.lastCStat === "656" || !cursor.lastRunAt) return cursor.notBefore;
  const limit = cursor.lastRunAt.getTime() + env().RECEIVED_SYNC_WAIT_SECONDS * 1000;
  return limit < cursor.notBefore.getTime() ? new Date(limit) : cursor.notBefore;
}

/** "Notas recebidas" and the sync's 429: when the company last asked, what it was told, and when it may ask next (null: now). */
export async function receivedSyncStatus(companyId: string, now = new Date()) {
  const company = await loadCompany(companyId);
  const scope = { companyId_environment: { companyId, environment: company.environment } };
  const [cursor, nfse] = await Promise.all([db.receivedSync.findUnique({ where: scope }), db.receivedNfseSync.findUnique({ where: scope, select: { lastRunAt: true, lastStatus: true } })]);
  const end = cursor ? waitEndOf(cursor) : null;
  // The ADN's NFS-e distribution (nfse-sync.ts) runs in the same runs: when it was last asked, and what it said.
  return { lastRunAt: cursor?.lastRunAt ?? null, lastCStat: cursor?.lastCStat ?? null, nextAllowedAt: end && end > now ? end : null, nfseLastRunAt: nfse?.lastRunAt ?? null, nfseLastStatus: nfse?.lastStatus ?? null };
}

/** When the company may next ask the distribution service (null: now). */
export async function nextSyncAllowedAt(companyId: string, now = new Date()): Promise<Date | null> {
  return (await receivedSyncStatus(companyId, now)).nextAllowedAt;
}

export async function syncReceivedDocuments(companyId: string, options: { now?: () => Date } = {}): Promise<SyncOutcome> {
  const now = options.now ?? (() => new Date());
  const company = await loadCompany(companyId);
  const scope = { companyId: company.id, environment: company.environment };
  const cursor = await cursorOf(company);
  const waitEnd = waitEndOf(cursor);
  if (waitEnd && waitEnd > now()) return { status: "waiting", notBefore: waitEnd };

  // The documents addressed to a CNPJ go to the company that proved it (issue 49 item 5), never to
  // another tenant's company of the same CNPJ, whatever certificate that one holds.
  const holder = await db.cnpjReservation.findUnique({ where: { cnpj_environment: { cnpj: company.cnpj, environment: company.environment } }, select: { companyId: true } });
  if (holder && holder.companyId !== company.id) {
    throw new DomainError(422, "cnpj_reserved", `Another company proved ownership of CNPJ ${company.cnpj} in ${company.environment} first: its received documents are not read for this company.`);
  }
  const credentials = await loadSigningCredentials(companyId);
  const authority = getTaxAuthority(company.environment);
  const target = { uf: company.state, environment: company.environment, model: 55 as const };
  const created: ReceivedDocument[] = [];
  let lastNsu = cursor.lastNsu;
  let maxNsu = cursor.maxNsu;
  for (let page = 1; page <= MAX_PAGES_PER_RUN; page++) {
    const answer: DistributionResult = await authority.distribute(target, company.cnpj, { kind: "distNSU", lastNsu }, credentials);
    if (answer.kind !== "answered") {
      const misuse = answer.cStat === "656";
      const notBefore = misuse ? new Date(now().getTime() + MISUSE_WAIT_MS) : null;
      const adopted = await recordFailedPage(scope, lastNsu, answer, { lastCStat: answer.cStat ?? null, lastReason: answer.reason.slice(0, 500), lastRunAt: now(), ...(notBefore ? { notBefore } : {}) });
      return { status: "failed", reason: answer.reason, cStat: answer.cStat, notBefore, ...(adopted ? { lastNsu: adopted } : {}) };
    }
    const askedFrom = lastNsu;
    const nextNsu = answer.lastNsu.padStart(15, "0");
    const caughtUp = answer.cStat === "137" || BigInt(answer.lastNsu || "0") >= BigInt(answer.maxNsu || "0");
    // One instant for the page, so that notBefore - lastRunAt is exactly the wait (waitEndOf reads it so).
    const answeredAt = now();
    const notBefore = caughtUp ? new Date(answeredAt.getTime() + waitAfterCaughtUpMs(company.environment, answer.maxNsu)) : null;
    const stored = await db.$transaction(async (tx) => {
      // The cursor must still be where this page was asked from: another run that got there first stored it.
      const [row] = await tx.$queryRaw<{ lastNsu: string }[]>`
        SELECT "lastNsu" FROM "ReceivedSync" WHERE "companyId" = ${company.id} AND "environment"::text = ${company.environment} FOR UPDATE`;
      if (row?.lastNsu !== askedFrom) return null;
      const result = await storeDistributedItems(tx, scope, answer.items, answeredAt);
      // Never backwards: a 137 answers ultNSU = maxNSU, which is at least where we are.
      const advanced = BigInt(nextNsu) > BigInt(askedFrom) ? nextNsu : askedFrom;
      await tx.receivedSync.update({
        where: { companyId_environment: scope },
        data: { lastNsu: advanced, maxNsu: answer.maxNsu.padStart(15, "0"), notBefore, lastCStat: answer.cStat, lastReason: answer.reason.slice(0, 500), lastRunAt: answeredAt },
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

/**
 * A page that brought no documents (656, a refusal): its answer is recorded, and its ultNSU, when
 * ahead of the cursor the page was asked from, becomes the cursor (guarded by that cursor, as a
 * stored page is). The NSUs jumped over are not ours to read by distNSU any more: logged, and kept
 * in lastReason, so the operator can see where the company's distribution went on.
 */
async function recordFailedPage(
  scope: { companyId: string; environment: Environment },
  askedFrom: string,
  answer: { lastNsu?: string; maxNsu?: string; cStat?: string },
  data: { lastCStat: string | null; lastReason: string; lastRunAt: Date; notBefore?: Date },
): Promise<string | null> {
  const told = answer.lastNsu && /^\d{1,15}$/.test(answer.lastNsu) ? answer.lastNsu.padStart(15, "0") : null;
  if (!told || BigInt(told) <= BigInt(askedFrom)) {
    await db.receivedSync.update({ where: { companyId_environment: scope }, data });
    return null;
  }
  const note = `; the authority named ultNSU ${told}: cursor moved from ${askedFrom}`;
  const moved = await db.receivedSync.updateMany({
    where: { ...scope, lastNsu: askedFrom },
    data: { ...data, lastNsu: told, lastReason: `${data.lastReason.slice(0, 500 - note.length)}${note}` },
  });
  if (moved.count === 0) {
    // Another run moved the cursor meanwhile: only the answer is recorded.
    await db.receivedSync.update({ where: { companyId_environment: scope }, data });
    return null;
  }
  console.warn(`[received] company ${scope.companyId} (${scope.environment}): ${answer.cStat ?? "answer"} named ultNSU ${told}; the distribution cursor jumped from ${askedFrom} (NSUs in between were read by another system)`);
  return told;
}

/** POST /v1/received-documents/sync: 429 with Retry-After inside the wait after an empty answer or a 656. */
export async function assertSyncAllowed(companyId: string, now = new Date()): Promise<void> {
  const notBefore = await nextSyncAllowedAt(companyId, now);
  if (notBefore) {
    const seconds = Math.max(1, Math.ceil((notBefore.getTime() - now.getTime()) / 1000));
    throw new DomainError(429, "rate_limited", `The distribution service allows the next query at ${notBefore.toISOString()} (RECEIVED_SYNC_WAIT_SECONDS after an answer with nothing more, an hour after a 656)`, { "retry-after": String(seconds) });
  }
}
