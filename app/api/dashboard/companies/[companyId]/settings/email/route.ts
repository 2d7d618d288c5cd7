import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardGetEmailSettingsContract, dashboardUpdateEmailSettingsContract } from "@/lib/email/dashboard-contracts";
import { getEmailSettings, updateEmailSettings } from "@/lib/email/email-settings";

export const GET = handleSession(dashboardGetEmailSettingsContract, ({ companyId }) => getEmailSettings(companyId));

export const PATCH = handleSession(dashboardUpdateEmailSettingsContract, ({ companyId, body }) => updateEmailSettings(companyId, body), { roles: WRITER_ROLES });
