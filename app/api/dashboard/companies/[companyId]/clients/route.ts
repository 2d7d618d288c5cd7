import { handleSession } from "@/lib/api/handle-session";
import { createClient, listClients } from "@/lib/clients";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";
import { createClientContract, listClientsContract } from "@/lib/clients/contracts";

export const GET = handleSession(asDashboardContract(listClientsContract), ({ companyId, query }) => listClients(companyId, query));
export const POST = handleSession(asDashboardContract(createClientContract), ({ companyId, body }) => createClient(companyId, body), { roles: REGISTER_WRITER_ROLES });
