import { handle } from "@/lib/api/handle";
import { createVehicle, listVehicles } from "@/lib/carriers";
import { createVehicleContract, listVehiclesContract } from "@/lib/carriers/contracts";

export const GET = handle(listVehiclesContract, ({ companyId, params }) => listVehicles(companyId, params.id));
export const POST = handle(createVehicleContract, ({ companyId, params, body }) => createVehicle(companyId, params.id, body));
