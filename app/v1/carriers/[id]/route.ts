import { handle } from "@/lib/api/handle";
import { deleteCarrier, getCarrier, updateCarrier } from "@/lib/carriers";
import { deleteCarrierContract, getCarrierContract, updateCarrierContract } from "@/lib/carriers/contracts";

export const GET = handle(getCarrierContract, ({ companyId, params }) => getCarrier(companyId, params.id));
export const PATCH = handle(updateCarrierContract, ({ companyId, params, body }) => updateCarrier(companyId, params.id, body));
export const DELETE = handle(deleteCarrierContract, ({ companyId, params }) => deleteCarrier(companyId, params.id));
