import { handleSession } from "@/lib/api/handle-session";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { createProduct, listProducts } from "@/lib/products";
import { createProductContract, listProductsContract } from "@/lib/products/contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(asDashboardContract(listProductsContract), ({ companyId, query }) => listProducts(companyId, query));
export const POST = handleSession(asDashboardContract(createProductContract), ({ companyId, body }) => createProduct(companyId, body), { roles: WRITER_ROLES });
