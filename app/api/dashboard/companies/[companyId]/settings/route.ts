import { handleSession } from "@/lib/api/handle-session";
import { getFiscalSettingsForRole, updateFiscalSettings } from "@/lib/companies/fiscal-settings";
import { COMPANY_SETUP_MANAGER_ROLES, getSettingsContract, updateSettingsContract } from "@/lib/companies/setup-contracts";

export const GET = handleSession(getSettingsContract, ({ companyId, session }) => getFiscalSettingsForRole(companyId, session.role));

export const PATCH = handleSession(updateSettingsContract, ({ companyId, body }) => updateFiscalSettings(companyId, body), {
  roles: COMPANY_SETUP_MANAGER_ROLES,
});
