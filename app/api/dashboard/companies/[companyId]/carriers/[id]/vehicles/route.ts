import { handleSession } from "@/lib/api/handle-session";
import { createVehicle, listVehicles } from "@/lib/carriers";
import { createVehicleContract, listVehiclesContract } from "@/lib/carriers/contracts";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";

export const GET = handleSession(asDashboardContract(listVehiclesContract), ({ companyId, params }) => listVehicles(companyId, params.id));
export const POST = handleSession(asDashboardContract(createVehicleContract), ({ companyId, params, body }) => createVehicle(companyId, params.id, body), { roles: REGISTER_WRITER_ROLES });
