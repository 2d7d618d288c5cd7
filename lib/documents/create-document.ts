import type { Client, Prisma } from "@prisma/client";
import { parseWith } from "@/lib/api/read-input";
import { findCompanyClient, findOrCreateInlineClient } from "@/lib/clients/lookup";
import { withTransaction } from "@/lib/db/with-transaction";
import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { queueEmission } from "@/lib/emission/queue-emission";
import { apportionFreight, computeDocumentTotals } from "@/lib/tax/compute-document-totals";
import { dec, money, ZERO } from "@/lib/tax/decimal";
import { buildDuplicates } from "./build-duplicates";
import { buildTransport } from "./build-transport";
import { describeRecipient, snapshotClient } from "./client-snapshot";
import { findVisibleTemplate, loadProductTaxRules, loadProducts, loadRequestedTaxRules } from "./load-references";
import { computeResolvedItem, resolveItem, type ResolutionContext } from "./resolve-document-items";
import { CreateDocumentInput, type CreateDocumentBody } from "./schemas";
import { summarizeDocument, summaryInclude } from "./serialize-document";
import type { DocumentSummary } from "./response-schemas";

/** api.md, Create-document request body: "default is the text for sale of goods". */
export const DEFAULT_OPERATION_NATURE = "VENDA DE MERCADORIA";

/**
 * Creates a fiscal document as DRAFT with number 0 (api.md, Create-document
 * rules), with every tax resolved and computed and stored for emission. All of
 * it (inline client included) happens in one transaction, so a failing rule
 * leaves nothing behind. With emit true the document is queued in the same
 * transaction and answers PROCESSING with the run id.
 */
export async function createDocument(
  input: { companyId: string; body: CreateDocumentInput | CreateDocumentBody },
  client: DbClient = db,
): Promise<DocumentSummary> {
  const body = parseWith(CreateDocumentInput, input.body, "body");
  const { companyId } = input;
  return withTransaction(client, async (tx) => {
    const documentId = await insertDocument(tx, companyId, body);
    let runId: string | null = null;
    if (body.emit) {
      runId = (await queueEmission({ companyId, documentId, issueDateTime: body.issueDateTime }, tx as Prisma.TransactionClient)).runId;
    }
    const stored = await tx.fiscalDocument.findFirst({ where: { id: documentId, companyId }, include: summaryInclude });
    if (!stored) throw notFound("Fiscal document");
    return summarizeDocument(stored, { runId });
  });
}

async function insertDocument(tx: DbClient, companyId: string, body: CreateDocumentBody): Promise<string> {
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId } });
  const recipientRecord: Client = body.clientId
    ? await findCompanyClient(companyId, body.clientId, tx)
    : await findOrCreateInlineClient(companyId, body.client!, tx);
  const snapshot = snapshotClient(recipientRecord);
  const template = body.templateId ? await findVisibleTemplate(tx, companyId, body.templateId, body.type) : null;

  const requestedRuleIds = [body.taxRuleId, ...body.items.map((i) => i.taxRuleId)].filter((id): id is string => !!id);
  const requestedRules = await loadRequestedTaxRules(tx, companyId, requestedRuleIds, body.type);
  const products = await loadProducts(tx, companyId, body.items.map((i) => i.productId).filter((id): id is string => !!id));
  const productRuleIds = [...products.values()].map((p) => p.taxRuleId).filter((id): id is string => !!id && !requestedRules.has(id));
  const productRules = await loadProductTaxRules(tx, companyId, productRuleIds, body.type);

  const context: ResolutionContext = {
    documentType: body.type,
    company,
    recipient: describeRecipient(snapshot, company.state),
    template,
    documentTaxRuleId: body.taxRuleId ?? null,
    products,
    rules: new Map([...productRules, ...requestedRules]),
  };
  const resolved = body.items.map((item, index) => resolveItem(context, item, index));
  const freightTotal = body.transport?.freightValue === undefined ? ZERO : dec(String(body.transport.freightValue));
  const freights = apportionFreight(freightTotal, resolved.map((r) => r.grossValue));
  const lines = resolved.map((item, index) => ({ item, grossValue: item.grossValue, ...computeResolvedItem(context, item, freights[index] ?? ZERO) }));
  const taxTotals = computeDocumentTotals(lines);
  const totalValue = dec(taxTotals.icmsTot.vNF);

  const duplicates = buildDuplicates(body.duplicates ?? [], totalValue);
  const transport = body.transport ? await buildTransport(tx, companyId, body.transport) : null;
  const adjustment = body.rtcCreditType ?? body.rtcDebitType;
  // Credit/debit notes of the tax reform carry no charge: tPag 90 (api.md, Create-document rule 4).
  const payments = adjustment ? [{ method: "NO_PAYMENT" as const, value: 0 }] : (body.payments ?? []);

  const document = await tx.fiscalDocument.create({
    data: {
      companyId,
      type: body.type,
      status: "DRAFT",
      environment: company.environment,
      purpose: body.rtcCreditType ? "CREDIT_NOTE" : body.rtcDebitType ? "DEBIT_NOTE" : "NORMAL",
      number: 0,
      clientId: recipientRecord.id,
      clientSnapshot: snapshot,
      operationNature: body.operationNature ?? template?.operationNature ?? company.defaultOperationNature ?? DEFAULT_OPERATION_NATURE,
      taxRuleId: body.taxRuleId ?? null,
      templateId: template?.id ?? null,
      additionalInfo: body.additionalInfo ?? template?.additionalInfo ?? null,
      externalId: body.externalId ?? null,
      rtcCreditType: body.rtcCreditType ?? null,
      rtcDebitType: body.rtcDebitType ?? null,
      referencedAccessKey: body.referencedAccessKey ?? null,
      issueDateTime: body.issueDateTime ? new Date(body.issueDateTime) : new Date(),
      // indPag 1 (on credit) with installments; 0 (cash) otherwise (MOC, YA01b).
      paymentIndicator: duplicates.length > 0 ? 1 : 0,
      productsTotal: taxTotals.icmsTot.vProd,
      freightTotal: taxTotals.icmsTot.vFrete,
      totalValue: money(totalValue),
      taxTotals,
      items: {
        create: lines.map(({ item, taxes, sources }) => ({
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
          taxes: taxes as Prisma.InputJsonObject,
          taxSources: sources,
        })),
      },
      payments: {
        create: payments.map((p, index) => ({
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
      },
      duplicates: { create: duplicates.map((d) => ({ number: d.number, dueDate: d.dueDate, value: money(d.value) })) },
      ...(transport ? { transport: { create: transport } } : {}),
    },
    select: { id: true },
  });
  return document.id;
}
