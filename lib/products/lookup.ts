import type { Product } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";

/** A product referenced from a document item: another company's (or unknown) id is 422 invalid_product. */
export async function findCompanyProduct(companyId: string, productId: string, client: DbClient = db): Promise<Product> {
  const product = await client.product.findFirst({ where: { id: productId, companyId } });
  if (!product) throw unprocessable("invalid_product", `Product ${productId} does not exist in this company`);
  return product;
}
