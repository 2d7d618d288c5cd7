import { handleSession } from "@/lib/api/handle-session";
import { companyOverviewContract, getCompanyOverview } from "@/lib/overview";

export const GET = handleSession(companyOverviewContract, ({ companyId }) => getCompanyOverview({ companyId }));
