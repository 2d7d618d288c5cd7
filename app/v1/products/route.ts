import { handle } from "@/lib/api/handle";
import { createProduct, listProducts } from "@/lib/products";
import { createProductContract, listProductsContract } from "@/lib/products/contracts";

export const GET = handle(listProductsContract, ({ companyId, query }) => listProducts(companyId, query));
export const POST = handle(createProductContract, ({ companyId, body }) => createProduct(companyId, body));
