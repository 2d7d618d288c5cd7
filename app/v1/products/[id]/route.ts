import { handle } from "@/lib/api/handle";
import { deleteProduct, getProduct, updateProduct } from "@/lib/products";
import { deleteProductContract, getProductContract, updateProductContract } from "@/lib/products/contracts";

export const GET = handle(getProductContract, ({ companyId, params }) => getProduct(companyId, params.id));
export const PATCH = handle(updateProductContract, ({ companyId, params, body }) => updateProduct(companyId, params.id, body));
export const DELETE = handle(deleteProductContract, ({ companyId, params }) => deleteProduct(companyId, params.id));
