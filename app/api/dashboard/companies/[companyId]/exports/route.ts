import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardCreateExportContract, dashboardListExportsContract } from "@/lib/exports/dashboard-contracts";
import { createExport } from "@/lib/exports/create-export";
import { listExports } from "@/lib/exports/get-export";

export const GET = handleSession(dashboardListExportsContract, ({ companyId, query }) => listExports(companyId, query));
export const POST = handleSession(dashboardCreateExportContract, ({ companyId, body }) => createExport(companyId, body, { origin: "DASHBOARD" }), {
  // The dashboard's role policy: SUPPORT reads (and downloads) but starts nothing.
  roles: WRITER_ROLES,
});
