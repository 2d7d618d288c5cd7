import type { TransportManifest, TransportManifestDocument, TransportManifestEvent } from "@prisma/client";
import { paginate, type Page } from "@/lib/contracts/pagination";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import type { ListTransportManifestsQuery, ManifestEventXmlQuery, TransportManifestResponse } from "./schemas";

// Reading manifests: always scoped by company; never calls the authority.

const EVENT_TYPE: Record<string, TransportManifestResponse["events"][number]["type"]> = { "110111": "CANCELLATION", "110112": "CLOSING", "110114": "DRIVER_ADDED", "110115": "DOCUMENTS_ADDED", "110116": "PAYMENT" };

type Loaded = TransportManifest & { documents: TransportManifestDocument[]; events: TransportManifestEvent[] };
const INCLUDE = { documents: { orderBy: { id: "asc" } }, events: { orderBy: { createdAt: "asc" } } } as const;

export function serializeManifest(m: Loaded): TransportManifestResponse {
  const input = m.input as { rodo?: { drivers?: { name: string; cpf: string }[] } };
  return {
    id: m.id,
    status: m.status,
    environment: m.environment,
    model: "58",
    series: m.series,
    number: m.number,
    accessKey: m.accessKey,
    protocol: m.protocol,
    authorizedAt: m.authorizedAt?.toISOString() ?? null,
    rejectionCode: m.rejectionCode,
    rejectionReason: m.rejectionReason,
    startState: m.startUf,
    endState: m.endUf,
    vehiclePlate: m.vehiclePlate,
    loadingLater: m.loadingLater,
    drivers: input.rodo?.drivers ?? [],
    documents: m.documents.map((d) => ({ accessKey: d.accessKey, documentId: d.documentId, unloadingMunicipalityCode: d.unloadingMunicipalityCode, unloadingMunicipalityName: d.unloadingMunicipalityName })),
    qrCode: m.qrCode,
    closedAt: m.closedAt?.toISOString() ?? null,
    closedOn: m.closedOn,
    cancelledAt: m.cancelledAt?.toISOString() ?? null,
    cancellationReason: m.cancellationReason,
    events: m.events.map((e) => ({
      id: e.id,
      type: EVENT_TYPE[e.eventCode] ?? "CLOSING",
      eventCode: e.eventCode,
      sequence: e.sequence,
      status: e.status,
      protocol: e.protocol,
      cStat: e.cStat,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
    issuedAt: m.issuedAt.toISOString(),
    createdAt: m.createdAt.toISOString(),
  };
}

export async function getTransportManifest(companyId: string, id: string): Promise<TransportManifestResponse> {
  const manifest = await db.transportManifest.findFirst({ where: { id, companyId }, include: INCLUDE });
  if (!manifest) throw notFound("Transport manifest");
  return serializeManifest(manifest);
}

export async function listTransportManifests(companyId: string, query: ListTransportManifestsQuery): Promise<Page<TransportManifestResponse>> {
  const where = {
    companyId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.plate ? { vehiclePlate: query.plate.replace(/[^A-Z0-9]/g, "") } : {}),
    ...(query.accessKey ? { accessKey: query.accessKey } : {}),
  };
  return paginate(
    query,
    () => db.transportManifest.count({ where }),
    async (window) => (await db.transportManifest.findMany({ where, include: INCLUDE, orderBy: { createdAt: "desc" }, ...window })).map(serializeManifest),
  );
}

/** The manifests authorized and not yet closed or cancelled, as recorded here (the dashboard's list; GET …/open reconciles first: open-manifests.ts). */
export async function listRecordedOpenTransportManifests(companyId: string, query: ListTransportManifestsQuery): Promise<Page<TransportManifestResponse>> {
  return listTransportManifests(companyId, { ...query, status: "AUTHORIZED" });
}

export type ManifestXml = { fileName: string; contentType: string; body: string; download: boolean };

/** The mdfeProc of an authorized (or closed/cancelled) manifest; the signed MDFe of one never authorized. */
export async function getTransportManifestXml(companyId: string, id: string): Promise<ManifestXml> {
  const manifest = await db.transportManifest.findFirst({ where: { id, companyId }, select: { accessKey: true, xml: true, status: true } });
  if (!manifest) throw notFound("Transport manifest");
  if (manifest.status === "PROCESSING") throw new DomainError(422, "invalid_status", "The manifest's outcome is still unknown; emit it again to settle it");
  return manifestXmlFile(manifest);
}

/** The XML file of a manifest as GET …/xml serves it (also the exports' entry: same name, same bytes). */
export function manifestXmlFile(manifest: Pick<TransportManifest, "accessKey" | "status" | "xml">): ManifestXml {
  const suffix = manifest.status === "REJECTED" ? "-rejected" : manifest.status === "CONTINGENCY" ? "-mdfe-contingency" : "-mdfe";
  return { fileName: `${manifest.accessKey}${suffix}.xml`, contentType: "application/xml", body: `<?xml version="1.0" encoding="UTF-8"?>${manifest.xml}`, download: true };
}

const EVENT_FILE: Record<string, string> = { "110111": "canc", "110112": "enc", "110114": "cond", "110115": "dfe", "110116": "pagto" };

/** A registered event's procEventoMDFe: <accessKey>-mdfe-enc-01.xml and the like. */
export function manifestEventXmlFile(accessKey: string, event: Pick<TransportManifestEvent, "eventCode" | "sequence" | "responseXml">): ManifestXml {
  const name = `${accessKey}-mdfe-${EVENT_FILE[event.eventCode] ?? event.eventCode}-${String(event.sequence).padStart(2, "0")}.xml`;
  return { fileName: name, contentType: "application/xml", body: `<?xml version="1.0" encoding="UTF-8"?>${event.responseXml ?? ""}`, download: true };
}

/**
 * GET /v1/transport-manifests/{id}/events/{eventId}/xml: a registered event's procEventoMDFe (the
 * signed eventoMDFe with the SVRS's retEventoMDFe), the bytes and name the exports use. As the NF-e's
 * event XML: another manifest's or company's event is 404; one never registered (PENDING, REFUSED,
 * NOT_REGISTERED) has no XML: 404 document_not_available.
 */
export async function getTransportManifestEventXml(companyId: string, manifestId: string, eventId: string, query: ManifestEventXmlQuery): Promise<ManifestXml> {
  const event = await db.transportManifestEvent.findFirst({
    where: { id: eventId, manifestId, companyId },
    select: { eventCode: true, sequence: true, status: true, responseXml: true, manifest: { select: { accessKey: true } } },
  });
  if (!event) throw notFound("Transport manifest event");
  if (event.status !== "REGISTERED" || !event.responseXml) {
    throw new DomainError(404, "document_not_available", `The SVRS did not register this event (${event.status}); it has no event XML`);
  }
  return { ...manifestEventXmlFile(event.manifest.accessKey, event), download: query.download };
}
