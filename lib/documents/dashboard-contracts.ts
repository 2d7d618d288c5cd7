import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { pageSchema } from "@/lib/contracts/pagination";
import { DocumentDetail, DocumentSummary } from "./response-schemas";
import { CreateDocumentInput, DocumentIdParams, ListDocumentsQuery, UpdateDocumentInput } from "./schemas";

// Internal dashboard routes (handleSession) for documents. The create body is
// the public CreateDocumentInput, so the form validates exactly as the API.

export const DashboardListDocumentsQuery = ListDocumentsQuery.extend({
  environment: ListDocumentsQuery.shape.environment.unwrap().default("ALL"),
  clientId: z.string().min(1).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type DashboardListDocumentsQuery = z.input<typeof DashboardListDocumentsQuery>;

export const DocumentFormOptions = z.object({
  clients: z.array(z.object({ id: z.string(), name: z.string(), document: z.string(), state: z.string().nullable() })),
  products: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), salePrice: z.string(), unit: z.string(), ncm: z.string().nullable() })),
  carriers: z.array(z.object({ id: z.string(), name: z.string(), document: z.string() })),
  taxRules: z.array(z.object({ id: z.string(), name: z.string(), model: z.enum(["NFE", "NFSE"]) })),
  templates: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(["NFE", "NFSE"]), source: z.enum(["company", "tenant", "system"]) })),
  /** The issuer's state (CFOP scope) and regime (CST or CSOSN). */
  company: z.object({ state: z.string(), taxRegime: z.enum(["SIMPLES_NACIONAL", "SIMPLES_EXCESS", "NORMAL", "MEI"]) }),
});
export type DocumentFormOptions = z.infer<typeof DocumentFormOptions>;

const base = "/api/dashboard/companies/{companyId}/documents";
const tag = "Dashboard: documents";

export const dashboardListDocumentsContract = defineContract({
  method: "GET", path: base, summary: "Documents of the company with dashboard filters", tag, scope: null,
  query: DashboardListDocumentsQuery, response: pageSchema(DocumentSummary),
});
export const dashboardCreateDocumentContract = defineContract({
  method: "POST", path: base, summary: "Create a draft document", tag, scope: null,
  body: CreateDocumentInput, response: DocumentSummary, successStatus: 201, errorStatuses: [422],
});
export const dashboardDocumentFormOptionsContract = defineContract({
  method: "GET", path: `${base}/form-options`, summary: "Clients, products and carriers for the new-document form", tag, scope: null,
  response: DocumentFormOptions,
});

const documentParams = z.object({ companyId: z.string().min(1), documentId: DocumentIdParams.shape.id });

export const dashboardDeleteDocumentContract = defineContract({
  method: "DELETE", path: `${base}/{documentId}`, summary: "Delete a draft document", tag, scope: null,
  params: documentParams, successStatus: 204, errorStatuses: [404, 422],
});
export const dashboardUpdateDocumentContract = defineContract({
  method: "PATCH", path: `${base}/{documentId}`, summary: "Edit a DRAFT or REJECTED document (the create body, in full)", tag, scope: null,
  params: documentParams, body: UpdateDocumentInput, response: DocumentSummary, errorStatuses: [404, 422],
});
export const DocumentPreviewResponse = z.object({
  items: DocumentDetail.shape.items,
  taxTotals: DocumentDetail.shape.taxTotals,
  totalValue: z.string(),
  operationNature: z.string(),
});
export const dashboardPreviewDocumentContract = defineContract({
  method: "POST", path: `${base}/preview`, summary: "Taxes a create body would resolve and compute, without creating anything", tag, scope: null,
  description:
    "The body's optional issueDateTime (default now) picks the law of that date in the company's time zone: the IBS/CBS rates, PIS/COFINS " +
    "and the other dated rules (docs/api-notes/tax-reform.md), so a sale previewed today with 2027-01-04T09:00:00-03:00 shows 2027's treatment.",
  body: CreateDocumentInput, response: DocumentPreviewResponse, errorStatuses: [422],
});
