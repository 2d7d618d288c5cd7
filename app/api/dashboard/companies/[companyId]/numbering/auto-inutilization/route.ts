import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { setSeriesAutoInutilize } from "@/lib/inutilizations/auto-setting";
import { dashboardSetAutoInutilizeContract } from "@/lib/inutilizations/dashboard-contracts";

export const PUT = handleSession(dashboardSetAutoInutilizeContract, ({ companyId, body }) => setSeriesAutoInutilize(companyId, body), { roles: WRITER_ROLES });
