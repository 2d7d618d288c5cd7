import { handleSession } from "@/lib/api/handle-session";
import { createClient, listClients } from "@/lib/clients";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { createClientContract, listClientsContract } from "@/lib/clients/contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(asDashboardContract(listClientsContract), ({ companyId, query }) => listClients(companyId, query));
export const POST = handleSession(asDashboardContract(createClientContract), ({ companyId, body }) => createClient(companyId, body), { roles: WRITER_ROLES });
