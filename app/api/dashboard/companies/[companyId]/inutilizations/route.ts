import { handleSession } from "@/lib/api/handle-session";
import { createInutilization } from "@/lib/inutilizations/create-inutilization";
import { dashboardCreateInutilizationContract, dashboardListInutilizationsContract } from "@/lib/inutilizations/dashboard-contracts";
import { listInutilizations } from "@/lib/inutilizations/list-inutilizations";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(dashboardListInutilizationsContract, ({ companyId, query }) => listInutilizations(companyId, query));

export const POST = handleSession(dashboardCreateInutilizationContract, ({ companyId, body }) => createInutilization({ companyId, body }), {
  roles: WRITER_ROLES,
});
