import type { ReceivedDocument } from "@prisma/client";
import { getTaxAuthority } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { storeDistributedItems } from "./store-items";

// consChNFe (NT 2014.002): the party's items about one access key, asked right
// after a manifestation so the full XML is there within seconds. The items are
// stored like any other (idempotent by key); the NSU cursor does not move, so
// the same items coming again through distNSU change nothing.

export async function fetchFullXml(companyId: string, documentId: string): Promise<ReceivedDocument | null> {
  const document = await db.receivedDocument.findFirst({ where: { id: documentId, companyId }, include: { company: { select: { cnpj: true, state: true } } } });
  if (!document) return null;
  const credentials = await loadSigningCredentials(companyId);
  const target = { uf: document.company.state, environment: document.environment, model: 55 as const };
  const answer = await getTaxAuthority(document.environment).distribute(target, document.company.cnpj, { kind: "consChNFe", accessKey: document.accessKey }, credentials);
  if (answer.kind !== "answered") return null;
  await db.$transaction((tx) => storeDistributedItems(tx, { companyId, environment: document.environment }, answer.items));
  return db.receivedDocument.findUnique({ where: { id: document.id } });
}
