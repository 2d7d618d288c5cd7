import type { Environment, ReceivedDocument } from "@prisma/client";
import { getAdnClient, type AdnDistribution } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { storeAdnItems } from "./nfse-store";
import { MAX_PAGES_PER_RUN, MISUSE_WAIT_MS, waitAfterCaughtUpMs } from "./sync";

// The NFS-e distribution run of one company (issue 57): the ADN's
// GET /contribuintes/DFe/{NSU} (lib/authority/adn-client.ts) page after page
// from the last NSU stored until the ADN says "nenhum documento localizado",
// then the hour's wait the manual asks for (Manual Integrado SN NFS-e §17.2.2;
// the newcomer's short wait against the simulator as for the NF-e, sync.ts).
// As the NF-e sync: each page's items and the cursor are written in ONE
// transaction that first locks the cursor row and checks it still holds the
// NSU the page was asked from (a crash rolls the page back, a concurrent run
// that got there first makes the late one stop); no connection or lock is held
// during the call. Its own cursor (ReceivedNfseSync); it runs in the company's
// received-documents run (run-sync.ts) after the NF-e's, so the schedule and
// the 429 of POST /v1/received-documents/sync follow the NF-e cursor, and this
// one answers "waiting" without a call inside its own wait.

export type NfseSyncOutcome =
  | { status: "synced"; pages: number; created: ReceivedDocument[]; lastNsu: string; notBefore: Date | null }
  | { status: "waiting"; notBefore: Date }
  | { status: "failed"; reason: string; code?: string; notBefore: Date | null };

type Company = { id: string; cnpj: string; environment: Environment };

export async function syncReceivedNfse(companyId: string, options: { now?: () => Date } = {}): Promise<NfseSyncOutcome> {
  const now = options.now ?? (() => new Date());
  const company: Company | null = await db.company.findUnique({ where: { id: companyId }, select: { id: true, cnpj: true, environment: true } });
  if (!company) throw notFound("Company");
  const scope = { companyId: company.id, environment: company.environment };
  const cursor = await db.receivedNfseSync.upsert({ where: { companyId_environment: scope }, create: scope, update: {} });
  if (cursor.notBefore && cursor.notBefore > now()) return { status: "waiting", notBefore: cursor.notBefore };
  // As the NF-e sync: the documents of a CNPJ go to the company that proved it (issue 49 item 5).
  const holder = await db.cnpjReservation.findUnique({ where: { cnpj_environment: { cnpj: company.cnpj, environment: company.environment } }, select: { companyId: true } });
  if (holder && holder.companyId !== company.id) return { status: "failed", reason: `Another company proved ownership of CNPJ ${company.cnpj} first`, notBefore: null };

  const credentials = await loadSigningCredentials(companyId);
  const client = getAdnClient(company.environment);
  const created: ReceivedDocument[] = [];
  let lastNsu = cursor.lastNsu;
  for (let page = 1; page <= MAX_PAGES_PER_RUN; page++) {
    const answer: AdnDistribution = await client.distribution(company.environment, company.cnpj, lastNsu, credentials);
    const answeredAt = now();
    if (answer.kind === "refused" || answer.kind === "communication_failure") {
      const reason = answer.kind === "refused" ? `${answer.code} - ${answer.reason}` : answer.reason;
      // A refusal repeated every tick could be read as misuse: the company waits the hour, as after a 656.
      const notBefore = answer.kind === "refused" ? new Date(answeredAt.getTime() + MISUSE_WAIT_MS) : null;
      await db.receivedNfseSync.update({ where: { companyId_environment: scope }, data: { lastStatus: answer.kind === "refused" ? "REJEICAO" : "FALHA", lastReason: reason.slice(0, 500), lastRunAt: answeredAt, ...(notBefore ? { notBefore } : {}) } });
      return { status: "failed", reason, ...(answer.kind === "refused" ? { code: answer.code } : {}), notBefore };
    }
    const askedFrom = lastNsu;
    // Items at or before the NSU asked from (an ADN that counts "from" inclusively) are stored again harmlessly.
    const items = answer.kind === "documents" ? answer.items : [];
    const highest = items.reduce((max, item) => (item.nsu > max ? item.nsu : max), askedFrom);
    const caughtUp = answer.kind === "none" || highest === askedFrom;
    const notBefore = caughtUp ? new Date(answeredAt.getTime() + waitAfterCaughtUpMs(company.environment, String(askedFrom))) : null;
    const stored = await db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ lastNsu: bigint }[]>`
        SELECT "lastNsu" FROM "ReceivedNfseSync" WHERE "companyId" = ${company.id} AND "environment"::text = ${company.environment} FOR UPDATE`;
      if (row?.lastNsu !== askedFrom) return null;
      const result = await storeAdnItems(tx, scope, items, answeredAt);
      await tx.receivedNfseSync.update({
        where: { companyId_environment: scope },
        data: { lastNsu: highest, notBefore, lastStatus: answer.kind === "none" ? "NENHUM_DOCUMENTO_LOCALIZADO" : "DOCUMENTOS_LOCALIZADOS", lastReason: null, lastRunAt: answeredAt },
      });
      return result.created;
    });
    if (!stored) return { status: "failed", reason: "Another run advanced the cursor; this run stopped", notBefore: null };
    created.push(...stored);
    lastNsu = highest;
    // A short page is not yet "nothing more": the next call (at once) says so, and starts the wait.
    if (caughtUp) return { status: "synced", pages: page, created, lastNsu: lastNsu.toString(), notBefore };
  }
  return { status: "synced", pages: MAX_PAGES_PER_RUN, created, lastNsu: lastNsu.toString(), notBefore: null };
}
