import { handle } from "@/lib/api/handle";
import { createInutilizationContract, listInutilizationsContract } from "@/lib/inutilizations/contracts";
import { createInutilization } from "@/lib/inutilizations/create-inutilization";
import { listInutilizations } from "@/lib/inutilizations/list-inutilizations";

export const POST = handle(createInutilizationContract, ({ companyId, body }) => createInutilization({ companyId, body }));

export const GET = handle(listInutilizationsContract, ({ companyId, query }) => listInutilizations(companyId, query));
