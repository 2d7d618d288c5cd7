import { db, type DbClient } from "@/lib/db/client";
import type { DocumentFormOptions } from "./dashboard-contracts";

const LIMIT = 200;

/** Pick lists of the new-document form: the company's active clients and products, and its carriers. */
export async function listDocumentFormOptions(companyId: string, client: DbClient = db): Promise<DocumentFormOptions> {
  const [clients, products, carriers] = await Promise.all([
    client.client.findMany({ where: { companyId, isActive: true }, orderBy: { name: "asc" }, take: LIMIT, select: { id: true, name: true, document: true, state: true } }),
    client.product.findMany({ where: { companyId, isActive: true }, orderBy: { name: "asc" }, take: LIMIT, select: { id: true, code: true, name: true, salePrice: true, commercialUnit: true } }),
    client.carrier.findMany({ where: { companyId }, orderBy: { name: "asc" }, take: LIMIT, select: { id: true, name: true, document: true } }),
  ]);
  return {
    clients,
    products: products.map((p) => ({ id: p.id, code: p.code, name: p.name, salePrice: p.salePrice.toString(), unit: p.commercialUnit })),
    carriers,
  };
}
