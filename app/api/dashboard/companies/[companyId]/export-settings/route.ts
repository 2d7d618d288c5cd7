import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardGetExportSettingsContract, dashboardUpdateExportSettingsContract } from "@/lib/exports/dashboard-contracts";
import { getExportSettings, updateExportSettings } from "@/lib/exports/export-settings";

export const GET = handleSession(dashboardGetExportSettingsContract, ({ companyId }) => getExportSettings(companyId));
export const PUT = handleSession(dashboardUpdateExportSettingsContract, ({ companyId, body }) => updateExportSettings(companyId, body), { roles: WRITER_ROLES });
