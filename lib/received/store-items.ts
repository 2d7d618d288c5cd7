import type { Environment, Prisma, ReceivedDocument } from "@prisma/client";
import type { DistributedItem } from "@/lib/authority";
import { readDistributedXml, type EventFacts, type NfeFacts } from "./distributed-xml";
import { recordReceivedDocumentEvent, type ReceivedDocumentChange } from "@/lib/events/received-document-outcome";
import { isReformEvent } from "@/lib/fiscal/nfe/build-reform-event";
import { reformEventFacts, storeReformEventOnIssuedDocument } from "./store-reform-events";

// Stores distributed items, inside the caller's transaction (the sync advances
// its NSU cursor in the same one). Idempotent: an NF-e is one row per access
// key, an event one row per type and sequence; an item seen again (a retried
// page, consChNFe then distNSU) changes nothing.

type Tx = Prisma.TransactionClient;
export type StoreResult = { created: ReceivedDocument[]; skipped: number };

const CANCELLATION = "110111";

export async function storeDistributedItems(tx: Tx, scope: { companyId: string; environment: Environment }, items: DistributedItem[], now = new Date()): Promise<StoreResult> {
  const result: StoreResult = { created: [], skipped: 0 };
  for (const item of items) {
    const read = readDistributedXml(item.xml);
    if (read.kind === "summary" || read.kind === "full") {
      const created = await storeNfe(tx, scope, read.facts, read.kind === "full" ? item.xml : null, read.kind === "summary" ? item.xml : null, item.nsu, now);
      if (created) result.created.push(created);
    } else if (read.kind === "event") {
      if (!(await storeEvent(tx, scope, read.facts, item, read.full))) result.skipped++;
    } else {
      result.skipped++;
    }
  }
  return result;
}

async function storeNfe(tx: Tx, scope: { companyId: string; environment: Environment }, facts: NfeFacts, fullXml: string | null, summaryXml: string | null, nsu: string, now: Date): Promise<ReceivedDocument | null> {
  const where = { companyId_environment_accessKey: { ...scope, accessKey: facts.accessKey } };
  const existing = await tx.receivedDocument.findUnique({ where });
  if (!existing) {
    const created = await tx.receivedDocument.create({
      data: {
        ...scope,
        accessKey: facts.accessKey,
        issuerDocument: facts.issuerDocument,
        issuerName: facts.issuerName,
        issuerStateRegistration: facts.issuerStateRegistration,
        issueDate: facts.issueDate,
        totalValue: facts.totalValue,
        operation: facts.operation,
        authorityStatus: facts.authorityStatus,
        authorizationProtocol: facts.protocol,
        summaryXml,
        xml: fullXml,
        nsu,
        receivedAt: now,
      },
    });
    await recordReceivedDocumentEvent(tx, created, "created");
    return created;
  }
  const changes: Prisma.ReceivedDocumentUpdateInput = {};
  let change: ReceivedDocumentChange | null = null;
  if (fullXml && !existing.xml) {
    changes.xml = fullXml;
    change = "xml_available";
  }
  if (summaryXml && !existing.summaryXml) changes.summaryXml = summaryXml;
  // A later summary may say the issuer cancelled it (cSitNFe 3); a status never goes back.
  if (facts.authorityStatus === "CANCELLED" && existing.authorityStatus !== "CANCELLED") {
    changes.authorityStatus = "CANCELLED";
    change = "cancelled";
  }
  if (Object.keys(changes).length === 0) return null;
  const updated = await tx.receivedDocument.update({ where: { id: existing.id }, data: changes });
  if (change) await recordReceivedDocumentEvent(tx, updated, change);
  return null;
}

/** An event on a received NF-e; false when the NF-e is not one of ours (e.g. a manifestation on an NF-e we issued). */
async function storeEvent(tx: Tx, scope: { companyId: string; environment: Environment }, facts: EventFacts, item: DistributedItem, full: boolean): Promise<boolean> {
  const document = await tx.receivedDocument.findUnique({ where: { companyId_environment_accessKey: { ...scope, accessKey: facts.accessKey } } });
  // The recipient's tax-reform events on an NF-e we issued come to us by distribution too (NT 2025.002-RTC, item 8).
  if (!document) return isReformEvent(facts.eventType) && storeReformEventOnIssuedDocument(tx, scope, facts, item.xml);
  const key = { receivedDocumentId_eventType_sequence: { receivedDocumentId: document.id, eventType: facts.eventType, sequence: facts.sequence } };
  const existing = await tx.receivedDocumentEvent.findUnique({ where: key });
  if (!existing) {
    const reform = isReformEvent(facts.eventType) ? reformEventFacts(item.xml) : null;
    const row = await tx.receivedDocumentEvent.create({
      data: { receivedDocumentId: document.id, eventType: facts.eventType, sequence: facts.sequence, protocol: facts.protocol, registeredAt: facts.registeredAt, xml: item.xml, nsu: item.nsu, ...(reform ?? {}) },
    });
    if (reform) await recordReceivedDocumentEvent(tx, document, "event_registered", { id: row.id, type: row.eventType, sequence: row.sequence, protocol: row.protocol, author: "ISSUER" });
  } else if (full && !/<(?:[\w.-]+:)?procEventoNFe[\s>]/.test(existing.xml)) {
    // The full event replaces its summary.
    await tx.receivedDocumentEvent.update({ where: key, data: { xml: item.xml, protocol: facts.protocol ?? existing.protocol } });
  }
  if (facts.eventType === CANCELLATION && document.authorityStatus !== "CANCELLED") {
    const updated = await tx.receivedDocument.update({ where: { id: document.id }, data: { authorityStatus: "CANCELLED" } });
    await recordReceivedDocumentEvent(tx, updated, "cancelled");
  }
  return true;
}
