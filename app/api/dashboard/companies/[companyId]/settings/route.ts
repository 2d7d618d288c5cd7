import { handleSession } from "@/lib/api/handle-session";
import { getFiscalSettingsForRole, updateFiscalSettings } from "@/lib/companies/fiscal-settings";
import { getSettingsContract, updateSettingsContract } from "@/lib/companies/setup-contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(getSettingsContract, ({ companyId, session }) => getFiscalSettingsForRole(companyId, session.role));

export const PATCH = handleSession(updateSettingsContract, ({ companyId, body }) => updateFiscalSettings(companyId, body), {
  roles: WRITER_ROLES,
});
