import type { Environment, Prisma } from "@prisma/client";
import { recordDocumentEventRegistered } from "@/lib/events/record-outcome";
import type { EventFacts } from "./distributed-xml";

// The tax reform's events that reach a company by distribution (NT 2025.002-RTC,
// item 8; the simulator's distribution-items.ts): the issuer's on an NF-e we
// received (kept as the received document's events, author ISSUER), and the
// recipient's on an NF-e we issued (kept as the issued document's events,
// author RECIPIENT, with document.event_registered). Both inside the sync's
// transaction, idempotent (one row per protocol).

type Tx = Prisma.TransactionClient;

const tag = (xml: string, name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}>([^<]*)<`).exec(xml)?.[1];

/** What a distributed reform event adds to its received-document row: the author, and a 110001's target type. */
export function reformEventFacts(xml: string): { author: string; details: Prisma.InputJsonObject } {
  const cancelledEventType = tag(xml, "tpEventoAut");
  return { author: "ISSUER", details: cancelledEventType ? { cancelledEventType } : {} };
}

export async function storeReformEventOnIssuedDocument(tx: Tx, scope: { companyId: string; environment: Environment }, facts: EventFacts, xml: string): Promise<boolean> {
  const document = await tx.fiscalDocument.findFirst({ where: { companyId: scope.companyId, environment: scope.environment, accessKey: facts.accessKey } });
  if (!document || !facts.protocol) return false;
  const known = await tx.documentEvent.findFirst({ where: { documentId: document.id, protocol: facts.protocol }, select: { id: true } });
  if (known) return true;
  const cancelledEventType = tag(xml, "tpEventoAut");
  // A recipient's 110001 names the event it cancels by type and sequence (NT 8.14, P15).
  const cancelled = cancelledEventType
    ? await tx.documentEvent.findFirst({ where: { documentId: document.id, eventCode: cancelledEventType, sequence: facts.sequence, outcome: "AUTHORIZED" }, select: { id: true } })
    : null;
  const details: Prisma.InputJsonObject = { author: "RECIPIENT", distributed: true, ...(cancelledEventType ? { cancelledEventType, cancelledEventId: cancelled?.id ?? null } : {}) };
  const row = await tx.documentEvent.create({
    data: {
      documentId: document.id,
      companyId: document.companyId,
      kind: cancelledEventType ? "REFORM_EVENT_CANCELLATION" : "REFORM_EVENT",
      eventCode: facts.eventType,
      sequence: facts.sequence,
      outcome: "AUTHORIZED",
      cStat: "135",
      reason: "Evento registrado pelo destinatário (recebido pela distribuição DF-e)",
      protocol: facts.protocol,
      requestXml: /<(?:[\w.-]+:)?procEventoNFe[\s>]/.test(xml) ? (/<evento[\s>][\s\S]*<\/evento>/.exec(xml)?.[0] ?? null) : null,
      responseXml: xml,
      details,
      occurredAt: facts.registeredAt ?? new Date(),
    },
  });
  await recordDocumentEventRegistered(tx, document, row);
  return true;
}
