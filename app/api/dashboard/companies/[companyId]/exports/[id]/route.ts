import { handleSession } from "@/lib/api/handle-session";
import { dashboardGetExportContract } from "@/lib/exports/dashboard-contracts";
import { getExport } from "@/lib/exports/get-export";

export const GET = handleSession(dashboardGetExportContract, ({ companyId, params }) => getExport(companyId, params.id));
