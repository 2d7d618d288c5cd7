import { handleSession } from "@/lib/api/handle-session";
import { deleteClient, updateClient } from "@/lib/clients";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { deleteClientContract, updateClientContract } from "@/lib/clients/contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

const roles = { roles: WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateClientContract), ({ companyId, params, body }) => updateClient(companyId, params.id, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteClientContract), ({ companyId, params }) => deleteClient(companyId, params.id), roles);
