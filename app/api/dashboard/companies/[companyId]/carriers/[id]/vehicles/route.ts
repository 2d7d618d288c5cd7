import { handleSession } from "@/lib/api/handle-session";
import { createVehicle, listVehicles } from "@/lib/carriers";
import { createVehicleContract, listVehiclesContract } from "@/lib/carriers/contracts";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(asDashboardContract(listVehiclesContract), ({ companyId, params }) => listVehicles(companyId, params.id));
export const POST = handleSession(asDashboardContract(createVehicleContract), ({ companyId, params, body }) => createVehicle(companyId, params.id, body), { roles: WRITER_ROLES });
