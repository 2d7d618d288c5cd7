import type { ReceivedDocument } from "@prisma/client";
import { getTaxAuthority } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { storeDistributedItems } from "./store-items";

// consChNFe (NT 2014.002): the party's items about one access key, asked right
// after a manifestation so the full XML is there within seconds. The items are
// stored like any other (idempotent by key); the NSU cursor does not move, so
// the same items coming again through distNSU change nothing. At most
// KEY_QUERIES_PER_HOUR per company: beyond, the XML comes with the next run
// (an automatic ciência of a large batch must not earn a 656).

export const KEY_QUERIES_PER_HOUR = 20;

/** Takes one of the hour's consChNFe calls; false when the hour's are used. */
async function takeKeyQuery(companyId: string, environment: string, now: Date): Promise<boolean> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  const at = now.toISOString();
  const taken = await db.$executeRaw`
    UPDATE "ReceivedSync" SET
      "keyQueries" = CASE WHEN "keyQueriesSince" > ${hourAgo}::timestamp THEN "keyQueries" + 1 ELSE 1 END,
      "keyQueriesSince" = CASE WHEN "keyQueriesSince" > ${hourAgo}::timestamp THEN "keyQueriesSince" ELSE ${at}::timestamp END,
      "updatedAt" = ${at}::timestamp
    WHERE "companyId" = ${companyId} AND "environment"::text = ${environment}
      AND ("keyQueriesSince" IS NULL OR "keyQueriesSince" <= ${hourAgo}::timestamp OR "keyQueries" < ${KEY_QUERIES_PER_HOUR})`;
  return taken === 1;
}

export async function fetchFullXml(companyId: string, documentId: string, now = new Date()): Promise<ReceivedDocument | null> {
  const document = await db.receivedDocument.findFirst({ where: { id: documentId, companyId }, include: { company: { select: { cnpj: true, state: true } } } });
  if (!document) return null;
  if (!(await takeKeyQuery(companyId, document.environment, now))) return null;
  const credentials = await loadSigningCredentials(companyId);
  const target = { uf: document.company.state, environment: document.environment, model: 55 as const };
  const answer = await getTaxAuthority(document.environment).distribute(target, document.company.cnpj, { kind: "consChNFe", accessKey: document.accessKey }, credentials);
  if (answer.kind !== "answered") return null;
  await db.$transaction((tx) => storeDistributedItems(tx, { companyId, environment: document.environment }, answer.items));
  return db.receivedDocument.findUnique({ where: { id: document.id } });
}
