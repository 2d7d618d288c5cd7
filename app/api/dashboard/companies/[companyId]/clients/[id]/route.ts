import { handleSession } from "@/lib/api/handle-session";
import { deleteClient, updateClient } from "@/lib/clients";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";
import { deleteClientContract, updateClientContract } from "@/lib/clients/contracts";

const roles = { roles: REGISTER_WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateClientContract), ({ companyId, params, body }) => updateClient(companyId, params.id, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteClientContract), ({ companyId, params }) => deleteClient(companyId, params.id), roles);
