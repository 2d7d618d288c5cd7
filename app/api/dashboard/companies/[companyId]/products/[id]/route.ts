import { handleSession } from "@/lib/api/handle-session";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { deleteProduct, updateProduct } from "@/lib/products";
import { deleteProductContract, updateProductContract } from "@/lib/products/contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

const roles = { roles: WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateProductContract), ({ companyId, params, body }) => updateProduct(companyId, params.id, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteProductContract), ({ companyId, params }) => deleteProduct(companyId, params.id), roles);
