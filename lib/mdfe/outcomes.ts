import type { Prisma, TransportManifest } from "@prisma/client";

// Durable outcomes of a manifest, written in the transaction that changes its state (as the NF-e's
// document.* outcomes, lib/events/record-outcome.ts). Their own types, not document.*: the spec's
// document event data is that of a fiscal document (type NFE/NFCE/NFSE, documentId, totalValue),
// which an MDF-e is not (docs/api-notes/mdfe.md, Webhooks).

export type ManifestOutcomeType = "transport_manifest.authorized" | "transport_manifest.rejected" | "transport_manifest.closed" | "transport_manifest.cancelled" | "transport_manifest.driver_added" | "transport_manifest.documents_added";

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

export async function recordManifestOutcome(tx: Prisma.TransactionClient, type: ManifestOutcomeType, manifest: TransportManifest): Promise<void> {
  await tx.domainEvent.create({ data: { companyId: manifest.companyId, type, environment: manifest.environment, data: manifestEventData(manifest) } });
}
