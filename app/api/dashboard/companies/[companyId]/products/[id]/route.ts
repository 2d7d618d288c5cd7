import { handleSession } from "@/lib/api/handle-session";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";
import { deleteProduct, updateProduct } from "@/lib/products";
import { deleteProductContract, updateProductContract } from "@/lib/products/contracts";

const roles = { roles: REGISTER_WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateProductContract), ({ companyId, params, body }) => updateProduct(companyId, params.id, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteProductContract), ({ companyId, params }) => deleteProduct(companyId, params.id), roles);
