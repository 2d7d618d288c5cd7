import type { Environment, Prisma, ReceivedDocument } from "@prisma/client";
import type { AdnItem } from "@/lib/authority";
import { recordReceivedDocumentEvent } from "@/lib/events/received-document-outcome";
import { readReceivedNfse, readReceivedNfseEvent } from "./nfse-facts";

// Stores the ADN's items (issue 57), inside the caller's transaction (the sync
// advances its NSU cursor in the same one), beside the received NF-e: one
// ReceivedDocument (documentType NFSE) per access key, one event row per type
// and sequence. Idempotent: an item seen again changes nothing. The ADN gives
// the taker the full NFS-e at once, so `xml` is filled on arrival; the NF-e
// manifestation does not apply (the row stays PENDING, the manifestation route
// refuses it). A cancellation (101101) or a cancellation by substitution
// (105102) makes the document CANCELLED; a status never goes back.

type Tx = Prisma.TransactionClient;
type Scope = { companyId: string; environment: Environment };

/** Events that end the NFS-e (Anexo II): cancellation, by substitution, deferred by fiscal analysis, by the municipality. */
const CANCELLING_EVENTS = new Set(["101101", "105102", "105104", "305101"]);

export async function storeAdnItems(tx: Tx, scope: Scope, items: AdnItem[], now: Date): Promise<{ created: ReceivedDocument[]; skipped: number }> {
  const result = { created: [] as ReceivedDocument[], skipped: 0 };
  for (const item of items) {
    if (item.documentType === "NFSE") {
      const created = await storeNfse(tx, scope, item, now);
      if (created === "unreadable") result.skipped++;
      else if (created) result.created.push(created);
    } else if (item.documentType === "EVENTO") {
      if (!(await storeEvent(tx, scope, item))) result.skipped++;
    } else {
      // DPS, PEDIDO_REGISTRO_EVENTO, CNC: nothing the received documents list shows.
      result.skipped++;
    }
  }
  return result;
}

async function storeNfse(tx: Tx, scope: Scope, item: AdnItem, now: Date): Promise<ReceivedDocument | null | "unreadable"> {
  const facts = readReceivedNfse(item.xml);
  if (!facts) {
    console.warn(`[received] ADN item NSU ${item.nsu} (${item.accessKey}) is not a readable NFS-e: skipped`);
    return "unreadable";
  }
  const existing = await tx.receivedDocument.findUnique({ where: { companyId_environment_accessKey: { ...scope, accessKey: facts.accessKey } } });
  if (existing) return null;
  const created = await tx.receivedDocument.create({
    data: {
      ...scope,
      documentType: "NFSE",
      accessKey: facts.accessKey,
      issuerDocument: facts.issuerDocument,
      issuerName: facts.issuerName,
      issuerStateRegistration: null,
      issueDate: facts.issueDate,
      totalValue: facts.totalValue,
      // A service the issuer provided: its output (NF-e's tpNF 1), the only meaning an NFS-e has.
      operation: "SAIDA",
      authorityStatus: "AUTHORIZED",
      authorizationProtocol: facts.nfseNumber || null,
      summaryXml: null,
      xml: item.xml,
      nsu: item.nsu.toString(),
      receivedAt: now,
    },
  });
  await recordReceivedDocumentEvent(tx, created, "created");
  return created;
}

/** false when the event is about an NFS-e the company did not receive (or cannot be read). */
async function storeEvent(tx: Tx, scope: Scope, item: AdnItem): Promise<boolean> {
  const facts = readReceivedNfseEvent(item.xml);
  if (!facts) return false;
  const document = await tx.receivedDocument.findUnique({ where: { companyId_environment_accessKey: { ...scope, accessKey: facts.accessKey } } });
  if (!document) return false;
  const key = { receivedDocumentId_eventType_sequence: { receivedDocumentId: document.id, eventType: facts.eventType, sequence: facts.sequence } };
  if (!(await tx.receivedDocumentEvent.findUnique({ where: key }))) {
    await tx.receivedDocumentEvent.create({
      data: { receivedDocumentId: document.id, eventType: facts.eventType, sequence: facts.sequence, protocol: null, registeredAt: facts.registeredAt, xml: item.xml, nsu: item.nsu.toString() },
    });
  }
  if (CANCELLING_EVENTS.has(facts.eventType) && document.authorityStatus !== "CANCELLED") {
    const updated = await tx.receivedDocument.update({ where: { id: document.id }, data: { authorityStatus: "CANCELLED" } });
    await recordReceivedDocumentEvent(tx, updated, "cancelled");
  }
  return true;
}
