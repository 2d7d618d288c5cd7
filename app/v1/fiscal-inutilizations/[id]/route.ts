import { handle } from "@/lib/api/handle";
import { getInutilizationContract } from "@/lib/inutilizations/contracts";
import { getInutilization } from "@/lib/inutilizations/list-inutilizations";

export const GET = handle(getInutilizationContract, ({ companyId, params }) => getInutilization(companyId, params.id));
