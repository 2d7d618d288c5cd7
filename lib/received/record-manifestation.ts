import type { Prisma, ReceivedDocument } from "@prisma/client";
import { recordReceivedDocumentEvent } from "@/lib/events/received-document-outcome";
import { MANIFESTATION_EVENT } from "./build-manifestation";
import type { ManifestationType } from "./manifestation-types";

// Recording a manifestation the Ambiente Nacional registered (from its answer, or recovered by
// consulting the key when the answer was lost), in the caller's transaction. The event row is
// kept whatever arrives; the document's state follows the authority's order, not the order in
// which answers reach us: a conclusive manifestation (confirmação, desconhecimento, operação
// não realizada) is final (MOC 7.0 Anexo II, NT 2012.002), so a ciência never replaces it, and
// among equals the later registration (dhRegEvento) stands. The guard is part of the UPDATE
// itself, so two answers recorded at once cannot leave the weaker one (PostgreSQL re-checks
// the WHERE of a row another transaction just updated).

export type RegisteredManifestation = {
  type: ManifestationType;
  sequence: number;
  protocol: string;
  registeredAt: Date;
  /** The procEventoNFe (our signed event with the authority's retEvento). */
  procEventoXml: string;
  justification?: string | null;
};

const RANK: Record<string, number> = { PENDING: 0, CIENCIA: 1, CONFIRMED: 2, UNKNOWN: 2, NOT_PERFORMED: 2 };
const STATES = Object.keys(RANK);

/** The manifestation type of a tpEvento (2102xx), or undefined for any other event. */
export function manifestationTypeOf(tpEvento: string): ManifestationType | undefined {
  return (Object.keys(MANIFESTATION_EVENT) as ManifestationType[]).find((type) => MANIFESTATION_EVENT[type].tpEvento === tpEvento);
}

/** Stores the event and moves the document's state when the authority's order says so; the document as it is after. */
export async function recordRegisteredManifestation(
  tx: Prisma.TransactionClient,
  document: Pick<ReceivedDocument, "id" | "companyId">,
  registered: RegisteredManifestation,
): Promise<{ document: ReceivedDocument; changed: boolean }> {
  const event = MANIFESTATION_EVENT[registered.type];
  await tx.receivedDocumentEvent.upsert({
    where: { receivedDocumentId_eventType_sequence: { receivedDocumentId: document.id, eventType: event.tpEvento, sequence: registered.sequence } },
    create: { receivedDocumentId: document.id, eventType: event.tpEvento, sequence: registered.sequence, protocol: registered.protocol, registeredAt: registered.registeredAt, xml: registered.procEventoXml },
    update: {},
  });
  const rank = RANK[event.state]!;
  const weaker = STATES.filter((state) => RANK[state]! < rank);
  const equal = STATES.filter((state) => RANK[state] === rank && state !== event.state);
  const moved = await tx.receivedDocument.updateMany({
    where: {
      id: document.id,
      companyId: document.companyId,
      OR: [{ manifestation: { in: weaker } }, { manifestation: { in: equal }, OR: [{ manifestationRegisteredAt: null }, { manifestationRegisteredAt: { lt: registered.registeredAt } }] }],
    },
    data: {
      manifestation: event.state,
      manifestationRegisteredAt: registered.registeredAt,
      manifestationProtocol: registered.protocol,
      manifestationJustification: registered.type === "NAO_REALIZADA" ? (registered.justification ?? null) : null,
    },
  });
  const after = await tx.receivedDocument.findUniqueOrThrow({ where: { id: document.id } });
  if (moved.count > 0) await recordReceivedDocumentEvent(tx, after, "manifestation_registered");
  return { document: after, changed: moved.count > 0 };
}
