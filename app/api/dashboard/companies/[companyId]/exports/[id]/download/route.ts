import { handleSession } from "@/lib/api/handle-session";
import { dashboardDownloadExportContract } from "@/lib/exports/dashboard-contracts";
import { downloadExport } from "@/lib/exports/download-export";

export const GET = handleSession(dashboardDownloadExportContract, ({ companyId, params }) => downloadExport(companyId, params.id));
