import { handle } from "@/lib/api/handle";
import { deleteClient, getClient, updateClient } from "@/lib/clients";
import { deleteClientContract, getClientContract, updateClientContract } from "@/lib/clients/contracts";

export const GET = handle(getClientContract, ({ companyId, params }) => getClient(companyId, params.id));
export const PATCH = handle(updateClientContract, ({ companyId, params, body }) => updateClient(companyId, params.id, body));
export const DELETE = handle(deleteClientContract, ({ companyId, params }) => deleteClient(companyId, params.id));
