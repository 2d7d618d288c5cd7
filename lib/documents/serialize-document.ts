import type { DocumentEvent, DocumentTransport, FiscalDocument, FiscalDocumentItem, DocumentDuplicate, DocumentPayment, Prisma } from "@prisma/client";
import { DocumentTaxTotals, ItemTaxes, ItemTaxSources } from "@/lib/tax/tax-shapes";
import { ClientSnapshot } from "./client-snapshot";
import type { DocumentDetail, DocumentSummary } from "./response-schemas";
import type { SubstitutionLinks } from "./substitution-links";

export const summaryInclude = {} satisfies Prisma.FiscalDocumentInclude;
export const detailInclude = {
  items: { orderBy: { position: "asc" } },
  payments: { orderBy: { position: "asc" } },
  duplicates: { orderBy: { number: "asc" } },
  transport: true,
  events: { orderBy: { createdAt: "asc" } },
  inutilization: { select: { id: true, series: true, startNumber: true, endNumber: true, protocol: true, justification: true, inutilizationDate: true } },
  replacedAttempts: { orderBy: { createdAt: "asc" } },
} satisfies Prisma.FiscalDocumentInclude;

type DecimalLike = { toString(): string; toFixed(places: number): string };
const fixed = (value: DecimalLike | null | undefined, places: number) => (value === null || value === undefined ? null : value.toFixed(places));

/**
 * Download paths exist once there is an authorized XML (AUTHORIZED, or CANCELLED after it); a
 * DENIED document keeps its denied nfeProc (XML only: a denial has no DANFE).
 */
function downloadUrls(document: Pick<FiscalDocument, "id" | "status">) {
  const available = document.status === "AUTHORIZED" || document.status === "CANCELLED";
  return {
    // An NFC-e issued offline (CONTINGENCY) prints its DANFCE from the signed XML, marked "Pendente de autorização".
    pdfUrl: available || document.status === "CONTINGENCY" ? `/v1/fiscal-documents/${document.id}/danfe` : null,
    xmlUrl: available || document.status === "DENIED" ? `/v1/fiscal-documents/${document.id}/xml` : null,
  };
}

// Built once: zod compiles a schema's parser on its first use, so a schema made per call paid
// that for every document summarized (bench:emit's API profile).
const StoredSnapshot = ClientSnapshot.partial();

/** What a summary reads of a document row. */
export type SummarizedDocument = Pick<
  FiscalDocument,
  "id" | "type" | "status" | "series" | "number" | "accessKey" | "issueDateTime" | "authorizationDate" | "environment" | "externalId" | "clientId" | "clientSnapshot" | "contingencyMode" | "contingencySince" | "contingencyReason"
> & { totalValue: DecimalLike };

/** The summary (api.md): client { id, name, document, documentType } comes from the snapshot, not the live record. */
export function summarizeDocument(document: SummarizedDocument, options: { runId?: string | null } = {}): DocumentSummary {
  const snapshot = StoredSnapshot.parse(document.clientSnapshot ?? {});
  return {
    id: document.id,
    type: document.type,
    status: document.status,
    series: document.series,
    number: document.number,
    accessKey: document.accessKey,
    totalValue: document.totalValue.toFixed(2),
    issueDateTime: document.issueDateTime.toISOString(),
    authorizationDate: document.authorizationDate?.toISOString() ?? null,
    ...downloadUrls(document),
    runId: options.runId ?? null,
    environment: document.environment,
    externalId: document.externalId,
    client: {
      id: document.clientId ?? snapshot.id ?? null,
      name: snapshot.name ?? "",
      document: snapshot.document ?? "",
      documentType: snapshot.documentType ?? "OTHER",
    },
    contingency: contingencyOf(document),
  };
}

function contingencyOf(document: Pick<FiscalDocument, "contingencyMode" | "contingencySince" | "contingencyReason" | "issueDateTime">) {
  if (!document.contingencyMode) return null;
  return { mode: document.contingencyMode, since: (document.contingencySince ?? document.issueDateTime).toISOString(), reason: document.contingencyReason ?? "" };
}

function serializeItem(item: FiscalDocumentItem) {
  const taxes = ItemTaxes.parse(item.taxes);
  return {
    id: item.id,
    position: item.position,
    productId: item.productId,
    code: item.code,
    description: item.description,
    unit: item.unit,
    quantity: item.quantity.toFixed(4),
    unitValue: item.unitValue.toFixed(10),
    grossValue: item.grossValue.toFixed(2),
    freight: taxes.freight,
    ncm: item.ncm || null,
    cest: item.cest,
    cfop: item.cfop || null,
    serviceCode: item.serviceCode,
    nationalServiceCode: item.nationalServiceCode,
    taxRuleId: item.taxRuleId,
    icms: taxes.icms,
    ipi: taxes.ipi,
    pis: taxes.pis,
    cofins: taxes.cofins,
    iss: taxes.iss,
    ibsCbs: taxes.ibsCbs,
    taxSources: ItemTaxSources.parse(item.taxSources),
  };
}

function serializePayment(p: DocumentPayment) {
  return {
    method: p.method,
    value: p.value.toFixed(2),
    description: p.description,
    cardFlag: p.cardFlag,
    cardCNPJ: p.cardCNPJ,
    cardAuthorization: p.cardAuthorization,
    pixKey: p.pixKey,
    pixTxId: p.pixTxId,
  };
}

function serializeDuplicate(d: DocumentDuplicate) {
  return { number: d.number, dueDate: d.dueDate.toISOString().slice(0, 10), value: d.value.toFixed(2) };
}

function serializeTransport(t: DocumentTransport) {
  return {
    freightType: t.freightType,
    freightValue: fixed(t.freightValue, 2),
    carrierId: t.carrierId,
    carrierName: t.carrierName,
    carrierDocument: t.carrierDocument,
    carrierDocumentType: t.carrierDocumentType,
    carrierStateRegistration: t.carrierStateRegistration,
    carrierAddress: t.carrierAddress,
    carrierCity: t.carrierCity,
    carrierState: t.carrierState,
    vehiclePlate: t.vehiclePlate,
    vehicleState: t.vehicleState,
    vehicleRntc: t.vehicleRntc,
    volumeQuantity: t.volumeQuantity,
    volumeSpecies: t.volumeSpecies,
    volumeGrossWeight: fixed(t.volumeGrossWeight, 3),
    volumeNetWeight: fixed(t.volumeNetWeight, 3),
  };
}

const DELIVERY_KINDS = new Set(["DELIVERY_RECEIPT", "DELIVERY_RECEIPT_CANCELLATION"]);

function serializeEvent(e: DocumentEvent) {
  const details = e.details && typeof e.details === "object" && !Array.isArray(e.details) ? (e.details as Record<string, unknown>) : null;
  return {
    id: e.id,
    kind: e.kind,
    eventCode: e.eventCode,
    sequence: e.sequence,
    outcome: e.outcome,
    cStat: e.cStat,
    reason: e.reason,
    protocol: e.protocol,
    runId: e.runId,
    occurredAt: e.occurredAt.toISOString(),
    delivery: DELIVERY_KINDS.has(e.kind) ? details : null,
    details: e.details ?? null,
  };
}

export type DocumentWithDetail = Prisma.FiscalDocumentGetPayload<{ include: typeof detailInclude }>;

function detailContingency(document: DocumentWithDetail) {
  const base = contingencyOf(document);
  if (!base) return null;
  // A document is re-issued at most once (it is in contingency from then on): its first replaced attempt.
  const attempt = document.replacedAttempts[0];
  return {
    ...base,
    originalAttempt: attempt
      ? { series: attempt.series, number: attempt.number, accessKey: attempt.accessKey, resolution: attempt.resolution, protocol: attempt.protocol, inutilizationId: attempt.inutilizationId, detail: attempt.detail, resolvedAt: attempt.resolvedAt?.toISOString() ?? null }
      : null,
    epec: document.contingencyMode === "EPEC" ? { protocol: document.epecProtocol, registeredAt: document.epecRegisteredAt?.toISOString() ?? null } : null,
  };
}

/** `links`: both ends of an NFS-e substitution (substitution-links.ts); none when not given. */
export function detailDocument(document: DocumentWithDetail, links: SubstitutionLinks = { replacesDocument: null, replacedByDocument: null }): DocumentDetail {
  return {
    ...summarizeDocument(document, { runId: document.runId }),
    contingency: detailContingency(document),
    purpose: document.purpose,
    operationNature: document.operationNature,
    nfseNumber: document.nfseNumber,
    verificationCode: document.verificationCode,
    protocolNumber: document.protocolNumber,
    rejectionReason: document.rejectionReason,
    processingReason: document.processingReason,
    nextAttemptAt: document.status === "PROCESSING" ? (document.nextAttemptAt?.toISOString() ?? null) : null,
    cancellationReason: document.cancellationReason,
    cancellationDate: document.cancellationDate?.toISOString() ?? null,
    replacesDocument: links.replacesDocument,
    replacedByDocument: links.replacedByDocument,
    inutilization: document.inutilization ? { ...document.inutilization, inutilizationDate: document.inutilization.inutilizationDate?.toISOString() ?? null } : null,
    additionalInfo: document.additionalInfo,
    emailRecipients: document.emailRecipients,
    taxRuleId: document.taxRuleId,
    templateId: document.templateId,
    rtcCreditType: document.rtcCreditType,
    rtcDebitType: document.rtcDebitType,
    referencedAccessKey: document.referencedAccessKey,
    referencedDocuments: document.referencedKeys.map((accessKey) => ({ accessKey })),
    paymentIndicator: document.paymentIndicator,
    productsTotal: document.productsTotal.toFixed(2),
    freightTotal: document.freightTotal.toFixed(2),
    clientSnapshot: (document.clientSnapshot ?? {}) as Record<string, unknown>,
    items: document.items.map(serializeItem),
    payments: document.payments.map(serializePayment),
    duplicates: document.duplicates.map(serializeDuplicate),
    transport: document.transport ? serializeTransport(document.transport) : null,
    events: document.events.map(serializeEvent),
    taxTotals: DocumentTaxTotals.parse(document.taxTotals),
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
  };
}
