import { randomUUID } from "node:crypto";
import { assertOneService } from "./assert-one-service";
import type { Client, Company, DocumentStatus } from "@prisma/client";
import { parseWith } from "@/lib/contracts/parse-input";
import { DomainError, validationError } from "@/lib/errors";
import { documentCreatedEarlier } from "@/lib/db/idempotent-run";
import { db, getPool } from "@/lib/db/client";
import { inSqlTransaction, type Queryable } from "@/lib/db/sql";
// Upward import kept (scripts/check-layers.ts): emit: true queues the run in the creation's transaction.
import { assertEmissionLoad, assertEmittableType, emissionRun, type EmissionLoad } from "@/lib/emission/queue-emission";
import { backgroundDriver } from "@/lib/jobs/driver-mode";
import { dispatchRun, runRow } from "@/lib/jobs/enqueue-run";
import { apportionFreight, computeDocumentTotals } from "@/lib/tax/compute-document-totals";
import { dec, money, ZERO } from "@/lib/tax/decimal";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { buildDuplicates } from "./build-duplicates";
import { assertPurposeCfops, documentPurpose } from "./document-purpose";
import { assertPayments } from "./validate-payments";
import { buildTransport, vehicleForOperation } from "./build-transport";
import { describeRecipient, recipientSnapshot } from "./client-snapshot";
import { findVisibleTemplate, loadProductTaxRules, loadProducts, loadRequestedTaxRules } from "./load-references";
import { computeResolvedItem, resolveItem, type ResolutionContext } from "./resolve-document-items";
import { CreateDocumentInput, type CreateDocumentBody } from "./schemas";
import { insertDocumentRows, insertDocumentRowsIf, type DocumentRows } from "./insert-document-rows";
import { cachedCreationState, forgetCreationState, rememberCreationState, type Cached as CachedCreationState } from "./creation-state-cache";
import { claimExternalId } from "./claim-external-id";
import { loadOf, readCreationState, recipientRecordOf, unchangedCreationState } from "./read-creation-state";
import { summarizeDocument } from "./serialize-document";
import { assertRecipientRegistrationAtCreate } from "./recipient-registration-at-create";
import type { DocumentSummary } from "./response-schemas";

/** api.md, Create-document request body: "default is the text for sale of goods". */
export const DEFAULT_OPERATION_NATURE = "VENDA DE MERCADORIA";
/** A return without its own text or a template's: a sale's natOp (the company's default) would misname it. */
export const RETURN_OPERATION_NATURE = "DEVOLUÇÃO DE MERCADORIA";

/**
 * Creates a fiscal document as DRAFT with number 0 (api.md, Create-document
 * rules), with every tax resolved and computed and stored for emission.
 * Reference data (template, tax rules, products, carrier) is read first; then
 * the company and recipient (one statement, or none when the last create's
 * are still current: writeIfUnchanged), and the document is written with its
 * items, payments, duplicates and transport in a single statement (in a
 * transaction that also creates the inline client when it is new), so a
 * failing rule leaves nothing behind. With emit true the document is written
 * directly as PROCESSING with its background run (same statement), and
 * answers PROCESSING with the run id.
 */
export async function createDocument(
  input: { companyId: string; body: CreateDocumentInput | CreateDocumentBody } | { companyId: string; body: CreateDocumentBody; parsed: true },
): Promise<DocumentSummary> {
  // parsed: the body is CreateDocumentInput's output already (the routes' contract, the batch's items); parsing it again cost a few tenths of a millisecond.
  const body = "parsed" in input ? input.body : parseWith(CreateDocumentInput, input.body, "body");
  const { companyId } = input;
  // A retry of an Idempotency-Key whose earlier run created this document answers with it as it is now.
  const earlier = documentCreatedEarlier();
  if (earlier) return summaryOfEarlier(companyId, earlier);
  if (body.emit) assertEmittableType(body.type);
  // An NF-e to a contributor whose IE the state's registry shows inactive is refused before anything is written.
  if (body.emit && body.type === "NFE") await assertRecipientRegistrationAtCreate(companyId, body);
  const references = await loadReferences(companyId, body);
  // A transaction is needed only to create the inline client with the document, to send Inngest's
  // event before the commit, or to hold the externalId's lock until the document is committed.
  const externalId = body.externalId || null;
  const needsTransaction = !!externalId || (body.emit && backgroundDriver() === "inngest");
  if (!needsTransaction) {
    const cached = cachedCreationState(companyId, body);
    const written = cached && (await writeIfUnchanged(companyId, body, references, cached));
    if (written) return written;
  }
  const state = await readCreationState(companyId, body);
  if (state.load) assertEmissionLoad(state.load);
  if ((state.recipient !== null || !body.client) && !needsTransaction) {
    rememberCreationState(companyId, body, state);
    return writeDocument(getPool(), companyId, body, references, state.company, state.recipient);
  }
  return inSqlTransaction(async (client) => {
    if (externalId) await claimExternalId(client, companyId, externalId);
    return writeDocument(client, companyId, body, references, state.company, await recipientRecordOf(companyId, body, state.recipient, client));
  });
}

async function summaryOfEarlier(companyId: string, documentId: string): Promise<DocumentSummary> {
  const document = await db.fiscalDocument.findFirst({ where: { id: documentId, companyId } });
  // Deleted since (a draft): the retry must still not create it again.
  if (!document) throw new DomainError(409, "idempotency_key_in_use", "The document this Idempotency-Key created was deleted since; send a new key to create another.");
  return summarizeDocument(document, { runId: document.runId });
}

/** The document and its children (and its run, with emit true) in one atomic statement. */
async function writeDocument(client: Queryable, companyId: string, body: CreateDocumentBody, references: References, company: Company, recipientRecord: Client | null) {
  const rows = composeDocument(company, recipientRecord, body, references);
  const run = emissionRunOf(companyId, body, company, rows);
  await insertDocumentRows(client, rows, run);
  // Last: with Inngest this sends the event, before the caller's transaction commits (see enqueueRun).
  if (run) await dispatchRun(run);
  return summarizeComposed(rows, run);
}

/**
 * The summary of a document as written: the composed row is the stored one (FiscalDocument has no
 * trigger, and the summary's columns not written — series, accessKey, authorizationDate, the
 * contingency's — are nullable without a default), so nothing is read back.
 */
function summarizeComposed(rows: ComposedRows, run: { id: string } | null): DocumentSummary {
  const { document } = rows;
  return summarizeDocument(
    { ...document, status: document.status as DocumentStatus, series: null, accessKey: null, authorizationDate: null, contingencyMode: null, contingencySince: null, contingencyReason: null, totalValue: dec(document.totalValue) },
    { runId: run?.id ?? null },
  );
}

/** With emit true, the run row and the document marked PROCESSING with it. */
function emissionRunOf(companyId: string, body: CreateDocumentBody, company: Company, rows: DocumentRows) {
  const run = body.emit ? runRow(emissionRun({ companyId, documentId: rows.document.id, type: body.type, series: null, environment: company.environment, company })) : null;
  if (!run) return null;
  Object.assign(rows.document, { status: "PROCESSING", runId: run.id });
  return { ...run, createdAt: rows.document.createdAt, updatedAt: rows.document.createdAt };
}

/**
 * The document composed from the company and recipient the last create read
 * (creation-state-cache.ts), written in ONE statement that also checks they
 * are unchanged and the emission load (429/503 as readCreationState's caller
 * answers them); null when they changed, or when composing from them failed,
 * so the caller reads them again and answers from what it reads.
 */
async function writeIfUnchanged(companyId: string, body: CreateDocumentBody, references: References, cached: CachedCreationState): Promise<DocumentSummary | null> {
  let rows: ComposedRows;
  try {
    rows = composeDocument(cached.company, cached.recipient, body, references);
  } catch {
    forgetCreationState(companyId, body);
    return null;
  }
  const run = emissionRunOf(companyId, body, cached.company, rows);
  const outcome = await insertDocumentRowsIf(getPool(), rows, run, unchangedCreationState(companyId, body, cached));
  if (outcome.written === false) {
    const answer = outcome.answer as { fresh: boolean | null; load: EmissionLoad | null };
    if (!answer.fresh) {
      forgetCreationState(companyId, body);
      return null;
    }
    assertEmissionLoad(loadOf(answer.load)!);
    throw new Error("createDocument: a write under a fresh state and an emission load within its limits wrote nothing");
  }
  if (run) await dispatchRun(run);
  return summarizeComposed(rows, run);
}

type References = Awaited<ReturnType<typeof loadReferences>>;

/** Everything the body points at, read before the transaction (nothing here is written). */
export async function loadReferences(companyId: string, body: CreateDocumentBody) {
  const template = body.templateId ? await findVisibleTemplate(db, companyId, body.templateId, body.type) : null;
  const requestedRuleIds = [body.taxRuleId, ...body.items.map((i) => i.taxRuleId)].filter((id): id is string => !!id);
  const requestedRules = await loadRequestedTaxRules(db, companyId, requestedRuleIds, body.type);
  const products = await loadProducts(db, companyId, body.items.map((i) => i.productId).filter((id): id is string => !!id));
  const productRuleIds = [...products.values()].map((p) => p.taxRuleId).filter((id): id is string => !!id && !requestedRules.has(id));
  const productRules = await loadProductTaxRules(db, companyId, productRuleIds, body.type);
  const transport = body.transport ? await buildTransport(db, companyId, body.transport) : null;
  return { template, products, rules: new Map([...productRules, ...requestedRules]), transport };
}

/** What composeDocument answers: DocumentRows, with the document's own columns typed. */
type ComposedRows = ReturnType<typeof composeDocument>;

/** The rows to write: taxes resolved and computed per item, totals, duplicates, payments (plain JSON-ready objects). */
export function composeDocument(company: Company, recipientRecord: Client | null, body: CreateDocumentBody, references: References) {
  const { template, products, rules, transport } = references;
  const snapshot = recipientSnapshot(recipientRecord, body.client);
  const issueDateTime = body.issueDateTime ? new Date(body.issueDateTime) : new Date();
  // The issue date in the issuer's calendar, as dhEmi carries it: dated DIFAL rates and the installments' reference.
  const issueDate = localDateTime(issueDateTime, company.state).slice(0, 10);
  const context: ResolutionContext = {
    documentType: body.type,
    company,
    recipient: describeRecipient(snapshot, company.state),
    template,
    documentTaxRuleId: body.taxRuleId ?? null,
    products,
    rules,
    issuedOn: issueDate,
    adjustmentNote: !!(body.rtcCreditType ?? body.rtcDebitType),
  };
  const purpose = documentPurpose(body, template);
  const resolved = body.items.map((item, index) => resolveItem(context, item, index));
  if (body.type === "NFSE") assertOneService(resolved);
  else assertPurposeCfops(purpose, resolved, body.referencedDocuments?.length ?? 0, context.recipient.contributor);
  const freightTotal = body.transport?.freightValue === undefined ? ZERO : dec(String(body.transport.freightValue));
  const freights = apportionFreight(freightTotal, resolved.map((r) => r.grossValue));
  const lines = resolved.map((item, index) => ({ item, grossValue: item.grossValue, ...computeResolvedItem(context, item, freights[index] ?? ZERO) }));
  const taxTotals = computeDocumentTotals(lines);
  const totalValue = dec(taxTotals.icmsTot.vNF);

  const duplicates = buildDuplicates(body.duplicates ?? [], totalValue, { type: body.type, issueDate });
  // Credit/debit notes of the tax reform carry no charge: tPag 90 (api.md, Create-document rule 4);
  // so do returns and adjustments (finNFe 4/3: SEFAZ 871).
  const withoutCharge = !!(body.rtcCreditType ?? body.rtcDebitType) || purpose === "RETURN" || purpose === "ADJUSTMENT";
  if (withoutCharge && body.payments?.some((p) => p.method !== "NO_PAYMENT")) {
    throw validationError(`body.payments: a ${purpose === "RETURN" ? "return" : "adjustment"} NF-e is issued without charge (tPag 90, SEFAZ 871): send no payments or only NO_PAYMENT`);
  }
  const payments = withoutCharge ? [{ method: "NO_PAYMENT" as const, value: 0 }] : (body.payments ?? []);
  if (!withoutCharge) assertPayments(body.type, payments, totalValue);

  const id = randomUUID();
  const now = new Date();
  const document = {
    id,
    companyId: company.id,
    type: body.type,
    status: "DRAFT" as string,
    runId: null as string | null,
    environment: company.environment,
    purpose,
    number: 0,
    clientId: recipientRecord?.id ?? null,
    clientSnapshot: snapshot,
    operationNature: body.operationNature ?? template?.operationNature ?? (purpose === "RETURN" ? RETURN_OPERATION_NATURE : null) ?? company.defaultOperationNature ?? DEFAULT_OPERATION_NATURE,
    taxRuleId: body.taxRuleId ?? null,
    templateId: template?.id ?? null,
    additionalInfo: body.additionalInfo ?? template?.additionalInfo ?? null,
    externalId: body.externalId || null,
    rtcCreditType: body.rtcCreditType ?? null,
    rtcDebitType: body.rtcDebitType ?? null,
    referencedAccessKey: body.referencedAccessKey ?? null,
    referencedKeys: (body.referencedDocuments ?? []).map((r) => r.accessKey),
    emailRecipients: body.emailRecipients ?? [],
    issueDateTime: body.issueDateTime ? issueDateTime : now,
    // indPag 1 (on credit) with installments; 0 (cash) otherwise (MOC, YA01b).
    paymentIndicator: duplicates.length > 0 ? 1 : 0,
    productsTotal: taxTotals.icmsTot.vProd,
    freightTotal: taxTotals.icmsTot.vFrete,
    totalValue: money(totalValue),
    taxTotals,
    createdAt: now,
    updatedAt: now,
  };
  return {
    document,
    items: lines.map(({ item, taxes, sources }) => ({
      id: randomUUID(),
      documentId: id,
      position: item.position,
      productId: item.product?.id ?? null,
      code: item.input.code,
      description: item.input.description,
      gtin: item.product?.gtin ?? null,
      unit: item.unit,
      quantity: item.quantity.toString(),
      unitValue: item.unitValue.toString(),
      grossValue: money(item.grossValue),
      ncm: item.ncm,
      cest: item.cest,
      cfop: item.cfop,
      serviceCode: item.serviceCode,
      nationalServiceCode: item.nationalServiceCode,
      taxRuleId: item.taxRuleId,
      // Validated by the ItemTaxes schema; the declared IBS/CBS groups are plain JSON from the body.
      taxes,
      taxSources: sources,
    })),
    payments: payments.map((p, index) => ({
      id: randomUUID(),
      documentId: id,
      position: index + 1,
      method: p.method,
      value: money(dec(String(p.value))),
      description: "description" in p ? (p.description ?? null) : null,
      cardFlag: "cardFlag" in p ? (p.cardFlag ?? null) : null,
      cardCNPJ: "cardCNPJ" in p ? (p.cardCNPJ ?? null) : null,
      cardAuthorization: "cardAuthorization" in p ? (p.cardAuthorization ?? null) : null,
      pixKey: "pixKey" in p ? (p.pixKey ?? null) : null,
      pixTxId: "pixTxId" in p ? (p.pixTxId ?? null) : null,
    })),
    duplicates: duplicates.map((d) => ({ id: randomUUID(), documentId: id, number: d.number, dueDate: d.dueDate, value: money(d.value) })),
    transport: transport ? [{ ...vehicleForOperation(transport, body.type === "NFE" && context.recipient.destination === "INTERSTATE"), id: randomUUID(), documentId: id }] : [],
  };
}
