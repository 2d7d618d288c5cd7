import { handleSession } from "@/lib/api/handle-session";
import { createCarrier, listCarriers } from "@/lib/carriers";
import { createCarrierContract, listCarriersContract } from "@/lib/carriers/contracts";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";

export const GET = handleSession(asDashboardContract(listCarriersContract), ({ companyId, query }) => listCarriers(companyId, query));
export const POST = handleSession(asDashboardContract(createCarrierContract), ({ companyId, body }) => createCarrier(companyId, body), { roles: REGISTER_WRITER_ROLES });
