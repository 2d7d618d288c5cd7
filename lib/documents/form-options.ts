import { db, type DbClient } from "@/lib/db/client";
import { unitCode } from "@/lib/products/schemas";
import { listTemplates } from "@/lib/templates/template-service";
import type { DocumentFormOptions } from "./dashboard-contracts";

const LIMIT = 200;

/** Pick lists of the new-document form: active clients, products, carriers, active tax rules and visible templates, by name. */
export async function listDocumentFormOptions(companyId: string, client: DbClient = db): Promise<DocumentFormOptions> {
  const [clients, products, carriers, taxRules, templates, company] = await Promise.all([
    client.client.findMany({ where: { companyId, isActive: true }, orderBy: { name: "asc" }, take: LIMIT, select: { id: true, name: true, document: true, state: true } }),
    client.product.findMany({ where: { companyId, isActive: true }, orderBy: { name: "asc" }, take: LIMIT, select: { id: true, code: true, name: true, salePrice: true, commercialUnit: true, ncm: true } }),
    client.carrier.findMany({ where: { companyId }, orderBy: { name: "asc" }, take: LIMIT, select: { id: true, name: true, document: true } }),
    client.taxRule.findMany({ where: { companyId, isActive: true, deletedAt: null }, orderBy: { name: "asc" }, take: LIMIT, select: { id: true, name: true, model: true } }),
    listTemplates(companyId, { page: 1, pageSize: 100 }, client),
    client.company.findFirst({ where: { id: companyId }, select: { state: true, taxRegime: true } }),
  ]);
  return {
    clients,
    products: products.map((p) => ({ id: p.id, code: p.code, name: p.name, salePrice: p.salePrice.toString(), unit: unitCode(p.commercialUnit), ncm: p.ncm })),
    carriers,
    taxRules,
    templates: templates.data.map((t) => ({ id: t.id, name: t.name, type: t.type, source: t.source })),
    company: { state: company?.state ?? "", taxRegime: company?.taxRegime ?? "NORMAL" },
  };
}
