import { handleSession } from "@/lib/api/handle-session";
import { readinessChecklist } from "@/lib/companies/emission-prerequisites";
import { readinessContract } from "@/lib/companies/setup-contracts";

export const GET = handleSession(readinessContract, async ({ companyId }) => ({ data: await readinessChecklist(companyId) }));
