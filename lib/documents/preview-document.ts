import { parseWith } from "@/lib/contracts/parse-input";
import { getPool } from "@/lib/db/client";
import { composeDocument, loadReferences } from "./create-document";
import { readCreationState, recipientRecordOf } from "./read-creation-state";
import { DocumentTaxTotals, ItemTaxes, ItemTaxSources } from "@/lib/tax/tax-shapes";
import { DocumentDetail } from "./response-schemas";
import { CreateDocumentInput, type CreateDocumentBody } from "./schemas";

export type DocumentPreview = {
  items: DocumentDetail["items"];
  taxTotals: DocumentDetail["taxTotals"];
  totalValue: string;
  operationNature: string;
};

/**
 * What creating this body would store, without storing it: the same
 * resolution and computation as createDocument (item, rule, product,
 * template, company), for the form's preview. An inline client is matched or
 * created inside a transaction that is always rolled back.
 */
export async function previewDocument(input: { companyId: string; body: CreateDocumentInput | CreateDocumentBody }): Promise<DocumentPreview> {
  const body = parseWith(CreateDocumentInput, { ...(input.body as object), emit: false }, "body");
  const references = await loadReferences(input.companyId, body);
  const { company, recipient } = await readCreationState(input.companyId, body);
  const connection = await getPool().connect();
  try {
    await connection.query("BEGIN");
    const recipientRecord = await recipientRecordOf(input.companyId, body, recipient, connection);
    const rows = composeDocument(company, recipientRecord, body, references);
    return {
      // Through the detail's own schema: the preview has exactly the shape the document page shows.
      items: DocumentDetail.shape.items.parse(rows.items.map((item) => {
        const taxes = ItemTaxes.parse(item.taxes);
        return {
          id: item.id, position: item.position, productId: item.productId, code: item.code, description: item.description, unit: item.unit,
          quantity: item.quantity, unitValue: item.unitValue, grossValue: item.grossValue, freight: taxes.freight,
          ncm: (item.ncm as string | null) || null, cest: item.cest, cfop: (item.cfop as string | null) || null, serviceCode: item.serviceCode, nationalServiceCode: item.nationalServiceCode, taxRuleId: item.taxRuleId,
          icms: taxes.icms, ipi: taxes.ipi, pis: taxes.pis, cofins: taxes.cofins, iss: taxes.iss, ibsCbs: taxes.ibsCbs, taxSources: ItemTaxSources.parse(item.taxSources),
        };
      })),
      taxTotals: DocumentTaxTotals.parse(rows.document.taxTotals),
      totalValue: String(rows.document.totalValue),
      operationNature: String(rows.document.operationNature),
    };
  } finally {
    await connection.query("ROLLBACK").catch(() => undefined);
    connection.release();
  }
}
