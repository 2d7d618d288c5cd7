import { handle } from "@/lib/api/handle";
import { createCarrier, listCarriers } from "@/lib/carriers";
import { createCarrierContract, listCarriersContract } from "@/lib/carriers/contracts";

export const GET = handle(listCarriersContract, ({ companyId, query }) => listCarriers(companyId, query));
export const POST = handle(createCarrierContract, ({ companyId, body }) => createCarrier(companyId, body));
