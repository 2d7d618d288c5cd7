import { handle } from "@/lib/api/handle";
import { deleteVehicle, updateVehicle } from "@/lib/carriers";
import { deleteVehicleContract, updateVehicleContract } from "@/lib/carriers/contracts";

export const PATCH = handle(updateVehicleContract, ({ companyId, params, body }) => updateVehicle(companyId, params.id, params.vehicleId, body));
export const DELETE = handle(deleteVehicleContract, ({ companyId, params }) => deleteVehicle(companyId, params.id, params.vehicleId));
