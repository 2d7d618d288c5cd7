import { handle } from "@/lib/api/handle";
import { createClient, listClients } from "@/lib/clients";
import { createClientContract, listClientsContract } from "@/lib/clients/contracts";

export const GET = handle(listClientsContract, ({ companyId, query }) => listClients(companyId, query));
export const POST = handle(createClientContract, ({ companyId, body }) => createClient(companyId, body));
