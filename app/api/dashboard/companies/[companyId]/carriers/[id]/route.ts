import { handleSession } from "@/lib/api/handle-session";
import { deleteCarrier, updateCarrier } from "@/lib/carriers";
import { deleteCarrierContract, updateCarrierContract } from "@/lib/carriers/contracts";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { WRITER_ROLES } from "@/lib/auth/roles";

const roles = { roles: WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateCarrierContract), ({ companyId, params, body }) => updateCarrier(companyId, params.id, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteCarrierContract), ({ companyId, params }) => deleteCarrier(companyId, params.id), roles);
