import { z } from "zod";
import { DocumentTaxTotals, IbsCbsTaxes, IcmsTaxes, IpiTaxes, IssTaxes, ItemTaxSources, PisCofinsTaxes } from "@/lib/tax/tax-shapes";
import { DocumentStatusSchema, DocumentTypeSchema } from "./schemas";

// Response shapes (api.md, Fiscal document summary and detail). Decimals are strings.

export const DocumentClientSummary = z.object({
  id: z.string().nullable(),
  name: z.string(),
  document: z.string(),
  documentType: z.string(),
});

/** Issued in contingency (docs/api-notes/contingency.md): the mode, dhCont and xJust it was issued with; null when issued normally. */
export const DocumentContingency = z.object({
  mode: z.enum(["OFFLINE", "SVC_AN", "SVC_RS", "EPEC"]),
  since: z.string(),
  reason: z.string(),
});

/** An NF-e issued in EPEC (tpEmis 4): the 110140 event the Ambiente Nacional registered (protocol null when it answered 573, an earlier unanswered attempt having registered it). */
export const DocumentEpec = z.object({
  protocol: z.string().nullable(),
  registeredAt: z.string().nullable(),
});

/** The attempt this document replaced under a new number when it was re-issued in contingency, and how its number was resolved. */
export const DocumentOriginalAttempt = z.object({
  series: z.number().int(),
  number: z.number().int(),
  accessKey: z.string(),
  resolution: z.enum(["PENDING", "CANCELLED_BY_SUBSTITUTION", "CANCELLED", "INUTILIZED", "DENIED", "NEEDS_ATTENTION"]),
  /** The cancellation event's or the inutilization's protocol (the denial's for DENIED). */
  protocol: z.string().nullable(),
  inutilizationId: z.string().nullable(),
  detail: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});

export const DocumentSummary = z.object({
  id: z.string(),
  type: DocumentTypeSchema,
  status: DocumentStatusSchema,
  series: z.number().int().nullable(),
  number: z.number().int(),
  accessKey: z.string().nullable(),
  totalValue: z.string(),
  issueDateTime: z.string(),
  authorizationDate: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  xmlUrl: z.string().nullable(),
  runId: z.string().nullable(),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  externalId: z.string().nullable(),
  client: DocumentClientSummary,
  contingency: DocumentContingency.nullable(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const DocumentItemResponse = z.object({
  id: z.string(),
  position: z.number().int(),
  productId: z.string().nullable(),
  code: z.string(),
  description: z.string(),
  unit: z.string(),
  quantity: z.string(),
  unitValue: z.string(),
  grossValue: z.string(),
  freight: z.string(),
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  cfop: z.string().nullable(),
  serviceCode: z.string().nullable(),
  nationalServiceCode: z.string().nullable(),
  taxRuleId: z.string().nullable(),
  icms: IcmsTaxes.nullable(),
  ipi: IpiTaxes.nullable(),
  pis: PisCofinsTaxes.nullable(),
  cofins: PisCofinsTaxes.nullable(),
  iss: IssTaxes.nullable(),
  ibsCbs: IbsCbsTaxes,
  taxSources: ItemTaxSources,
});

export const DocumentPaymentResponse = z.object({
  method: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  cardFlag: z.string().nullable(),
  cardCNPJ: z.string().nullable(),
  cardAuthorization: z.string().nullable(),
  pixKey: z.string().nullable(),
  pixTxId: z.string().nullable(),
});

export const DocumentDuplicateResponse = z.object({ number: z.string(), dueDate: z.string(), value: z.string() });

export const DocumentTransportResponse = z.object({
  freightType: z.string(),
  freightValue: z.string().nullable(),
  carrierId: z.string().nullable(),
  carrierName: z.string().nullable(),
  carrierDocument: z.string().nullable(),
  carrierDocumentType: z.string().nullable(),
  carrierStateRegistration: z.string().nullable(),
  carrierAddress: z.string().nullable(),
  carrierCity: z.string().nullable(),
  carrierState: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  vehicleState: z.string().nullable(),
  vehicleRntc: z.string().nullable(),
  volumeQuantity: z.number().int().nullable(),
  volumeSpecies: z.string().nullable(),
  volumeGrossWeight: z.string().nullable(),
  volumeNetWeight: z.string().nullable(),
});

export const DocumentEventResponse = z.object({
  id: z.string(),
  kind: z.string(),
  eventCode: z.string().nullable(),
  sequence: z.number().int(),
  outcome: z.string(),
  cStat: z.string().nullable(),
  reason: z.string().nullable(),
  protocol: z.string().nullable(),
  runId: z.string().nullable(),
  occurredAt: z.string(),
  /** Delivery receipt data (110130: deliveredAt, receiverName, receiverDocument, ...); null for other events. */
  delivery: z.record(z.string(), z.unknown()).nullable(),
  details: z.unknown(),
});

export const DocumentInutilizationResponse = z.object({
  id: z.string(),
  series: z.number().int(),
  startNumber: z.number().int(),
  endNumber: z.number().int(),
  protocol: z.string().nullable(),
  justification: z.string(),
  inutilizationDate: z.string().nullable(),
});

/** One end of an NFS-e substitution (ABRASF 2.04 SubstituirNfse, issue 57): the other document, its status and NFS-e number, and the CodigoCancelamento sent for the replaced one. */
export const DocumentSubstitutionLink = z.object({
  id: z.string(),
  status: DocumentStatusSchema,
  nfseNumber: z.string().nullable(),
  /** "1" erro na emissão, "2" serviço não prestado (POST …/substitute's nfseReasonCode). */
  nfseReasonCode: z.string().nullable(),
});
export type DocumentSubstitutionLink = z.infer<typeof DocumentSubstitutionLink>;

export const DocumentDetail = DocumentSummary.extend({
  /** As in the summary, plus originalAttempt: the attempt replaced when it was re-issued in contingency (null when none), and epec: the EPEC registered for an NF-e issued in EPEC (null otherwise). */
  contingency: DocumentContingency.extend({ originalAttempt: DocumentOriginalAttempt.nullable(), epec: DocumentEpec.nullable() }).nullable(),
  purpose: z.enum(["NORMAL", "COMPLEMENTARY", "ADJUSTMENT", "RETURN", "CREDIT_NOTE", "DEBIT_NOTE"]),
  /** The NF-e/NFC-e keys the document references (NFref), purpose RETURN, COMPLEMENTARY or ADJUSTMENT. */
  referencedDocuments: z.array(z.object({ accessKey: z.string() })),
  operationNature: z.string(),
  nfseNumber: z.string().nullable(),
  verificationCode: z.string().nullable(),
  protocolNumber: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** Our addition: why an emission is not settled yet (waiting for a re-send, a 656 pause, an outcome being consulted); null once settled. */
  processingReason: z.string().nullable(),
  /** Our addition (issue 50): when the run sends again or consults again while PROCESSING (after a send without an answer, a 656 pause, an outcome being consulted); null otherwise. */
  nextAttemptAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  cancellationDate: z.string().nullable(),
  /** Our addition (issue 57): the NFS-e this one replaces (POST …/substitute named this one its replacement); null otherwise. */
  replacesDocument: DocumentSubstitutionLink.nullable(),
  /** Our addition (issue 57): the NFS-e that replaces this one (in progress, rejected or authorized, as its status says); null when none. */
  replacedByDocument: DocumentSubstitutionLink.nullable(),
  /** INUTILIZED: the authorized inutilization that voided the number. */
  inutilization: DocumentInutilizationResponse.nullable(),
  additionalInfo: z.string().nullable(),
  emailRecipients: z.array(z.string()).describe("Who the outcome's e-mail goes to; empty: the client's addresses"),
  taxRuleId: z.string().nullable(),
  templateId: z.string().nullable(),
  rtcCreditType: z.string().nullable(),
  rtcDebitType: z.string().nullable(),
  referencedAccessKey: z.string().nullable(),
  paymentIndicator: z.number().int(),
  productsTotal: z.string(),
  freightTotal: z.string(),
  /** The recipient as it was frozen on the document (address included). */
  clientSnapshot: z.record(z.string(), z.unknown()),
  items: z.array(DocumentItemResponse),
  payments: z.array(DocumentPaymentResponse),
  duplicates: z.array(DocumentDuplicateResponse),
  transport: DocumentTransportResponse.nullable(),
  events: z.array(DocumentEventResponse),
  taxTotals: DocumentTaxTotals,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;
