import { handleSession } from "@/lib/api/handle-session";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";
import { createProduct, listProducts } from "@/lib/products";
import { createProductContract, listProductsContract } from "@/lib/products/contracts";

export const GET = handleSession(asDashboardContract(listProductsContract), ({ companyId, query }) => listProducts(companyId, query));
export const POST = handleSession(asDashboardContract(createProductContract), ({ companyId, body }) => createProduct(companyId, body), { roles: REGISTER_WRITER_ROLES });
