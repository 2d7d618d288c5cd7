import { handleSession } from "@/lib/api/handle-session";
import { checkCompanyStatusAndSwitch } from "@/lib/contingency/status-answers";
import { companyAuthorityStatusContract } from "@/lib/overview";

export const GET = handleSession(companyAuthorityStatusContract, ({ companyId }) => checkCompanyStatusAndSwitch(companyId));
