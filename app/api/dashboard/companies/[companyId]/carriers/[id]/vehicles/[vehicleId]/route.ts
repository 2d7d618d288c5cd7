import { handleSession } from "@/lib/api/handle-session";
import { deleteVehicle, updateVehicle } from "@/lib/carriers";
import { deleteVehicleContract, updateVehicleContract } from "@/lib/carriers/contracts";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";

const roles = { roles: REGISTER_WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateVehicleContract), ({ companyId, params, body }) => updateVehicle(companyId, params.id, params.vehicleId, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteVehicleContract), ({ companyId, params }) => deleteVehicle(companyId, params.id, params.vehicleId), roles);
