import { handleSession } from "@/lib/api/handle-session";
import { checkCompanyServiceStatus } from "@/lib/authority/service-status";
import { companyAuthorityStatusContract } from "@/lib/overview";

export const GET = handleSession(companyAuthorityStatusContract, ({ companyId }) => checkCompanyServiceStatus(companyId));
