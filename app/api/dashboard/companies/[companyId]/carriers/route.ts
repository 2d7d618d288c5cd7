import { handleSession } from "@/lib/api/handle-session";
import { createCarrier, listCarriers } from "@/lib/carriers";
import { createCarrierContract, listCarriersContract } from "@/lib/carriers/contracts";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(asDashboardContract(listCarriersContract), ({ companyId, query }) => listCarriers(companyId, query));
export const POST = handleSession(asDashboardContract(createCarrierContract), ({ companyId, body }) => createCarrier(companyId, body), { roles: WRITER_ROLES });
