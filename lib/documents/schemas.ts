import Decimal from "decimal.js";
import { z } from "zod";
import { EmailRecipientList } from "@/lib/contracts/email-recipients";
import { PaginationQuery } from "@/lib/contracts/pagination";
import { CreateClientInput } from "@/lib/clients/schemas";
import { ACCESS_KEY_PATTERN, CNPJ_PATTERN, modulus11CheckDigit, normalizeDocument } from "@/lib/br/documents";

// The create-document body (api.md, Create-document request body, Item,
// Payment, Duplicates, Transport). Rules that need the database (client,
// product, rule, template, carrier of the company; CFOP/CEST codes) live in
// the domain functions and answer 422; everything here is a 400.

export const DocumentTypeSchema = z.enum(["NFE", "NFCE", "NFSE"]);
// DENIED and INUTILIZED extend the spec's five (docs/api-notes/documents.md, Denied and inutilized documents).
export const DocumentStatusSchema = z.enum(["DRAFT", "PROCESSING", "AUTHORIZED", "REJECTED", "CANCELLED", "DENIED", "INUTILIZED", "CONTINGENCY"]);

/** A finite JSON number with at most `places` decimals (so the stored Decimal is what was sent). */
const decimalNumber = (places: number, max: number) =>
  z
    .number()
    .max(max)
    .refine((n) => Number.isFinite(n) && decimalPlaces(n) <= places, { message: `at most ${places} decimal places` });

function decimalPlaces(n: number): number {
  const [mantissa = "", exponent] = String(n).toLowerCase().split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

const percent = decimalNumber(4, 100).min(0);
/** ICMS parameters accept a number or a decimal string (api.md, Item: number/string). */
const percentLike = z.union([percent, z.string().trim().regex(/^\d{1,3}(\.\d{1,4})?$/, "a percentage as a decimal string").transform(Number).pipe(percent)]);
const mvaLike = z.union([decimalNumber(4, 999.9999).min(0), z.string().trim().regex(/^\d{1,3}(\.\d{1,4})?$/).transform(Number)]);
const money = decimalNumber(2, 9_999_999_999_999).min(0);

// Declared IBS/CBS groups are stored and returned as sent, so they get limits:
// field names as in the layout (letters, digits, _), scalar values or one
// level of sub-groups, at most 30 fields each and 4 KB in all.
const DECLARED_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const declaredScalar = z.union([z.string().max(200), z.number().refine(Number.isFinite, "must be a finite number"), z.boolean(), z.null()]);
const declaredFields = <T extends z.ZodType>(value: T) =>
  z.record(z.string().regex(DECLARED_FIELD_NAME, "a field name: a letter then letters, digits or _ (at most 40)"), value).refine((group) => Object.keys(group).length <= 30, "at most 30 fields");
const declaredGroup = declaredFields(z.union([declaredScalar, declaredFields(declaredScalar)]))
  .refine((group) => JSON.stringify(group).length <= 4096, "at most 4 KB of JSON")
  .nullish();

export const DocumentItemInput = z.object({
  code: z.string().trim().min(1).max(60),
  description: z.string().trim().min(1).max(120),
  quantity: decimalNumber(4, 99_999_999_999).positive(),
  unitValue: decimalNumber(10, 99_999_999_999).min(0),
  ncm: z.string().trim().regex(/^\d{8}$/, "must have 8 digits").nullish(),
  serviceCode: z.string().trim().max(20).nullish(),
  nationalServiceCode: z.string().trim().max(20).nullish(),
  // Format checked by the domain: a CFOP not of 4 digits is 422 invalid_cfop (api.md, Errors).
  cfop: z.string().trim().max(10).nullish(),
  unit: z.string().trim().min(1).max(6).optional(),
  icmsOrigin: z.string().trim().regex(/^[0-8]$/, "must be one digit 0-8").nullish(),
  icmsSituation: z.string().trim().regex(/^\d{2,3}$/, "CST (2 digits) or CSOSN (3 digits)").nullish(),
  icmsRate: percent.nullish(),
  pisSituation: z.string().trim().regex(/^\d{2}$/, "must have 2 digits").nullish(),
  cofinsSituation: z.string().trim().regex(/^\d{2}$/, "must have 2 digits").nullish(),
  ipiSituation: z.string().trim().regex(/^\d{2}$/, "must have 2 digits").nullish(),
  pisRate: percent.nullish(),
  cofinsRate: percent.nullish(),
  ipiRate: percent.nullish(),
  icmsRedBc: percentLike.nullish(),
  icmsStModBc: z.union([z.number().int().min(0).max(6), z.string().trim().regex(/^[0-6]$/)]).transform(String).nullish(),
  icmsStMva: mvaLike.nullish(),
  icmsStRedBc: percentLike.nullish(),
  icmsStRate: percentLike.nullish(),
  icmsSnCreditRate: percentLike.nullish(),
  // Checked by the domain: not 7 digits is 422 invalid_cest (api.md, Item).
  cest: z.string().trim().max(20).nullish(),
  taxRuleId: z.string().min(1).nullish(),
  productId: z.string().min(1).nullish(),
  /** IBS/CBS of the line (NT 2025.002); CST and cClassTrib override the company's, groups are stored as declared. */
  ibsCbs: z
    .object({
      cst: z.string().regex(/^\d{3}$/, "must have 3 digits").nullish(),
      cClassTrib: z.string().regex(/^\d{6}$/, "must have 6 digits").nullish(),
      adjustment: declaredGroup,
      creditReversal: declaredGroup,
      zfmPresumedCredit: declaredGroup,
      referencedItem: declaredGroup,
    })
    .optional(),
});
export type DocumentItemInput = z.infer<typeof DocumentItemInput>;

export const PaymentMethodSchema = z.enum([
  "MONEY", "CHECK", "CREDIT_CARD", "DEBIT_CARD", "BANK_CREDIT", "BANK_TRANSFER", "BANK_SLIP", "PIX",
  "BANK_TRANSFER_TED", "BANK_TRANSFER_DOC", "NO_PAYMENT", "OTHERS",
]);
export const CardFlagSchema = z.enum([
  "AMERICAN_EXPRESS", "DINERS_CLUB", "DISCOVER", "ELO", "HIPERCARD", "HIPER", "JCB", "MAESTRO", "MASTERCARD", "MIR", "UNIONPAY", "VISA", "OTHER",
]);

export const PaymentInput = z
  .object({
    method: PaymentMethodSchema,
    value: money,
    description: z.string().trim().max(60).nullish(),
    cardFlag: CardFlagSchema.nullish(),
    cardCNPJ: z.string().trim().transform(normalizeDocument).pipe(z.string().regex(CNPJ_PATTERN, "must be a 14-character CNPJ")).nullish(),
    cardAuthorization: z.string().trim().max(128).nullish(),
    pixKey: z.string().trim().max(140).nullish(),
    pixTxId: z.string().trim().max(140).nullish(),
  })
  .superRefine((payment, ctx) => {
    // tPag 99 (others) requires xPag (NT 2020.006).
    if (payment.method === "OTHERS" && !payment.description) {
      ctx.addIssue({ code: "custom", path: ["description"], message: "required when method is OTHERS" });
    }
  });
export type PaymentInput = z.infer<typeof PaymentInput>;

export const DuplicateInput = z.object({
  dueDate: z.iso.date(),
  value: money.positive(),
  number: z.string().trim().min(1).max(60).optional(),
});
export type DuplicateInput = z.infer<typeof DuplicateInput>;

export const FreightTypeSchema = z.enum(["SENDER", "RECIPIENT", "THIRD_PARTY", "OWN_SENDER", "OWN_RECIPIENT", "NO_FREIGHT"]);

export const TransportInput = z
  .object({
    freightType: FreightTypeSchema.default("NO_FREIGHT"),
    freightValue: money.optional(),
    carrierId: z.string().min(1).optional(),
    // null: no vehicle; absent: the carrier's default vehicle where SEFAZ accepts one (docs/api-notes/documents.md).
    vehiclePlate: z.string().trim().min(1).max(10).nullable().optional(),
    vehicleState: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "must be a state code (UF)").nullable().optional(),
    // DocumentTransport.volumeQuantity is an int4 column.
    volumeQuantity: z.number().int().min(0).max(2_147_483_647).optional(),
    volumeSpecies: z.string().trim().max(60).optional(),
    volumeGrossWeight: decimalNumber(3, 999_999_999_999).min(0).optional(),
    volumeNetWeight: decimalNumber(3, 999_999_999_999).min(0).optional(),
  })
  .superRefine((transport, ctx) => {
    if (transport.vehiclePlate && !transport.vehicleState) {
      ctx.addIssue({ code: "custom", path: ["vehicleState"], message: "required when vehiclePlate is sent" });
    }
  });
export type TransportInput = z.infer<typeof TransportInput>;

// TChNFe (NT Conjunta 2025.001, item 5): the CNPJ part of the key may be alphanumeric.
const AccessKey = z.string().trim().toUpperCase().regex(ACCESS_KEY_PATTERN, "must be a 44-character access key");

export const DocumentPurposeInput = z.enum(["NORMAL", "COMPLEMENTARY", "ADJUSTMENT", "RETURN"]);

// A referenced NF-e/NFC-e key: check digit (SEFAZ 547) and model 55/65 (679) as the authority checks them.
const ReferencedKey = AccessKey.refine((key) => String(modulus11CheckDigit(key.slice(0, 43))) === key[43], "the access key's check digit does not match (SEFAZ 547)").refine(
  (key) => key.slice(20, 22) === "55" || key.slice(20, 22) === "65",
  "must be the key of an NF-e (model 55) or NFC-e (65) (SEFAZ 679)",
);

export const CreateDocumentInput = z
  .object({
    type: DocumentTypeSchema,
    clientId: z.string().min(1).optional(),
    client: CreateClientInput.optional(),
    operationNature: z.string().trim().min(1).max(60).optional(),
    items: z.array(DocumentItemInput).min(1, "at least 1 item").max(990),
    payments: z.array(PaymentInput).max(100).optional(),
    taxRuleId: z.string().min(1).nullish(),
    templateId: z.string().min(1).optional(),
    additionalInfo: z.string().trim().max(5000).nullish(),
    externalId: z.string().trim().max(100).nullish(),
    /** Who the outcome's e-mail goes to (up to 10), instead of the client's addresses (docs/api-notes/email.md). */
    emailRecipients: EmailRecipientList.optional(),
    issueDateTime: z.iso.datetime({ offset: true }).optional(),
    emit: z.boolean().optional(),
    duplicates: z.array(DuplicateInput).max(120).optional(),
    transport: TransportInput.optional(),
    // The schema's TTpNFCredito (01-05) and TTpNFDebito (01-08), NT 2025.002.
    rtcCreditType: z.enum(["01", "02", "03", "04", "05"], "must be a tpNFCredito code, 01 to 05").optional(),
    rtcDebitType: z.enum(["01", "02", "03", "04", "05", "06", "07", "08"], "must be a tpNFDebito code, 01 to 08").optional(),
    referencedAccessKey: AccessKey.optional(),
    /** finNFe 1-4 (NFE): NORMAL, COMPLEMENTARY, ADJUSTMENT, RETURN (devolução). Default NORMAL, or RETURN with a return template. */
    purpose: DocumentPurposeInput.optional(),
    /** NF-e/NFC-e the document refers to (NFref/refNFe): the returned or complemented note. */
    referencedDocuments: z.array(z.object({ accessKey: ReferencedKey })).max(500).optional(),
  })
  .superRefine((body, ctx) => {
    // api.md, Create-document rule 1: exactly one of clientId and client. An NFC-e may have
    // neither: an anonymous sale to an unidentified consumer (no <dest>, no client record; issue 36 item 12).
    if (body.clientId === undefined && body.client === undefined && body.type !== "NFCE") {
      ctx.addIssue({ code: "custom", path: ["clientId"], message: "send clientId or client (an inline client)" });
    }
    if (body.clientId !== undefined && body.client !== undefined) {
      ctx.addIssue({ code: "custom", path: ["client"], message: "send only one of clientId and client, not both" });
    }
    // Rule 5: transport is NFE only (an NFC-e with freight, carrier or vehicle is SEFAZ's 753/754/756).
    if (body.transport && body.type !== "NFE") {
      ctx.addIssue({ code: "custom", path: ["transport"], message: `an ${body.type} carries no transport (NFE only)` });
    }
    // Rule 4: IBS/CBS credit and debit notes are NF-e (model 55) only, without charge.
    const rtc = body.rtcCreditType ?? body.rtcDebitType;
    if (body.rtcCreditType && body.rtcDebitType) {
      ctx.addIssue({ code: "custom", path: ["rtcDebitType"], message: "send only one of rtcCreditType and rtcDebitType" });
    }
    if (rtc && body.type !== "NFE") {
      ctx.addIssue({ code: "custom", path: [body.rtcCreditType ? "rtcCreditType" : "rtcDebitType"], message: "credit and debit notes are NFE (model 55) only" });
    }
    if (rtc && !body.referencedAccessKey) {
      ctx.addIssue({ code: "custom", path: ["referencedAccessKey"], message: "required with rtcCreditType/rtcDebitType (the adjusted NFE)" });
    }
    if (rtc && body.duplicates?.length) {
      ctx.addIssue({ code: "custom", path: ["duplicates"], message: "credit and debit notes are issued without charge (tPag 90) and take no installments" });
    }
    if (rtc && body.payments?.some((p) => p.method !== "NO_PAYMENT")) {
      ctx.addIssue({ code: "custom", path: ["payments"], message: "credit and debit notes are issued without charge (tPag 90): send no payments or only NO_PAYMENT" });
    }
    addPurposeIssues(body, ctx);
    addAmountIssues(body, ctx);
    const numbers = (body.duplicates ?? []).map((d) => d.number).filter(Boolean);
    if (new Set(numbers).size !== numbers.length) {
      ctx.addIssue({ code: "custom", path: ["duplicates"], message: "installment numbers must be unique" });
    }
  });
export type CreateDocumentInput = z.input<typeof CreateDocumentInput>;

/** finNFe and its references (MOC 4.00 B25, BA01, BA02; SEFAZ 254, 255, 680, 708, 715); a return's (321) is checked with its CFOPs. */
function addPurposeIssues(body: { type: string; purpose?: string; referencedDocuments?: { accessKey: string }[]; rtcCreditType?: string; rtcDebitType?: string }, ctx: z.RefinementCtx): void {
  const keys = (body.referencedDocuments ?? []).map((r) => r.accessKey);
  if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", path: ["referencedDocuments"], message: "an access key is referenced more than once (SEFAZ 680)" });
  if (keys.length && body.type !== "NFE") ctx.addIssue({ code: "custom", path: ["referencedDocuments"], message: `an ${body.type} references no other document${body.type === "NFCE" ? " (SEFAZ 708)" : ""}` });
  if (!body.purpose || body.purpose === "NORMAL") return;
  if (body.type !== "NFE") ctx.addIssue({ code: "custom", path: ["purpose"], message: `${body.purpose} is an NF-e (model 55) purpose; an ${body.type} is NORMAL (SEFAZ 715)` });
  if (body.rtcCreditType || body.rtcDebitType) ctx.addIssue({ code: "custom", path: ["purpose"], message: "a credit or debit note (rtcCreditType/rtcDebitType) has its own purpose: leave purpose out" });
  if (body.purpose === "COMPLEMENTARY" && keys.length !== 1) {
    ctx.addIssue({ code: "custom", path: ["referencedDocuments"], message: `a complementary NF-e references exactly one NF-e: the complemented one (SEFAZ ${keys.length ? "255" : "254"})` });
  }
}

/**
 * Totals are Decimal(15, 2) columns (vProd, vNF: TDec_1302). The goods and
 * freight may add up to at most MAX_GOODS_TOTAL, a hundredth of the column, so
 * taxes added on top (IPI, ICMS-ST with MVA) can never overflow it: an
 * overflow is 400 here, never a database error (issue 16, defect 4).
 */
export const MAX_GOODS_TOTAL = new Decimal("99999999999.99");

function addAmountIssues(body: { items: { quantity: number; unitValue: number }[]; transport?: { freightValue?: number } }, ctx: z.RefinementCtx): void {
  let total = new Decimal(body.transport?.freightValue ?? 0);
  body.items.forEach((item, index) => {
    const line = new Decimal(item.quantity).times(item.unitValue).toDecimalPlaces(2);
    if (line.greaterThan(MAX_GOODS_TOTAL)) {
      ctx.addIssue({ code: "custom", path: ["items", index, "unitValue"], message: `quantity × unitValue must be at most ${MAX_GOODS_TOTAL.toFixed(2)}` });
    }
    total = total.plus(line);
  });
  if (total.greaterThan(MAX_GOODS_TOTAL)) {
    ctx.addIssue({ code: "custom", path: ["items"], message: `the items and freight must add up to at most ${MAX_GOODS_TOTAL.toFixed(2)}` });
  }
}
export type CreateDocumentBody = z.output<typeof CreateDocumentInput>;

/**
 * PATCH of a DRAFT or REJECTED document: the create body, validated the same
 * way. Emission stays its own call (POST …/emit), so emit true is refused.
 */
export const UpdateDocumentInput = CreateDocumentInput.superRefine((body, ctx) => {
  if (body.emit) ctx.addIssue({ code: "custom", path: ["emit"], message: "an edit does not emit: send the edit, then POST /v1/fiscal-documents/{id}/emit" });
});
export type UpdateDocumentInput = z.input<typeof UpdateDocumentInput>;

const EnvironmentFilter = z.enum(["PRODUCTION", "HOMOLOGATION", "ALL"]);

export const ListDocumentsQuery = PaginationQuery.extend({
  status: DocumentStatusSchema.optional(),
  type: DocumentTypeSchema.optional(),
  // Default PRODUCTION, or ALL when looking a document up by externalId (lib/documents/list-documents.ts).
  environment: EnvironmentFilter.optional(),
  externalId: z.string().trim().min(1).max(100).optional(),
});
export type ListDocumentsQuery = z.infer<typeof ListDocumentsQuery>;

export const DocumentIdParams = z.object({ id: z.string().min(1) });
