import { handleSession } from "@/lib/api/handle-session";
import { deleteVehicle, updateVehicle } from "@/lib/carriers";
import { deleteVehicleContract, updateVehicleContract } from "@/lib/carriers/contracts";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { WRITER_ROLES } from "@/lib/auth/roles";

const roles = { roles: WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateVehicleContract), ({ companyId, params, body }) => updateVehicle(companyId, params.id, params.vehicleId, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteVehicleContract), ({ companyId, params }) => deleteVehicle(companyId, params.id, params.vehicleId), roles);
