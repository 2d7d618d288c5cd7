import type { Prisma, TransportManifest, TransportManifestEvent } from "@prisma/client";

// Durable outcomes of a manifest, written in the transaction that changes its state (as the NF-e's
// document.* outcomes, lib/events/record-outcome.ts). Their own types, not document.*: the spec's
// document event data is that of a fiscal document (type NFE/NFCE/NFSE, documentId, totalValue),
// which an MDF-e is not (docs/api-notes/mdfe.md, Webhooks).

export type ManifestOutcomeType =
  | "transport_manifest.authorized"
  | "transport_manifest.rejected"
  | "transport_manifest.closed"
  | "transport_manifest.cancelled"
  | "transport_manifest.driver_added"
  | "transport_manifest.documents_added"
  | "transport_manifest.payment_added"
  | "transport_manifest.contingency_deadline";

export function manifestEventData(manifest: TransportManifest) {
  return {
    transportManifestId: manifest.id,
    model: "58",
    series: manifest.series,
    number: manifest.number,
    accessKey: manifest.accessKey,
    status: manifest.status,
    protocol: manifest.protocol,
    authorizedAt: manifest.authorizedAt?.toISOString() ?? null,
    rejectionReason: manifest.rejectionCode ? `${manifest.rejectionCode} - ${manifest.rejectionReason ?? ""}` : null,
    closedAt: manifest.closedAt?.toISOString() ?? null,
    cancelledAt: manifest.cancelledAt?.toISOString() ?? null,
    vehiclePlate: manifest.vehiclePlate,
    environment: manifest.environment,
  };
}

/**
 * The registered SEFAZ event behind an outcome (close, cancel, driver, documents, payment): its id
 * is the one of GET /v1/transport-manifests/{id}/events/{eventId}/xml, where its procEventoMDFe is.
 */
export function manifestSefazEventData(event: Pick<TransportManifestEvent, "id" | "eventCode" | "sequence" | "protocol">) {
  return { id: event.id, eventCode: event.eventCode, sequence: event.sequence, protocol: event.protocol };
}

export async function recordManifestOutcome(
  tx: Prisma.TransactionClient,
  type: ManifestOutcomeType,
  manifest: TransportManifest,
  extra: { event?: Pick<TransportManifestEvent, "id" | "eventCode" | "sequence" | "protocol">; data?: Record<string, unknown> } = {},
): Promise<void> {
  const data = { ...manifestEventData(manifest), ...(extra.event ? { event: manifestSefazEventData(extra.event) } : {}), ...extra.data };
  await tx.domainEvent.create({ data: { companyId: manifest.companyId, type, environment: manifest.environment, data } });
}
