import { handle } from "@/lib/api/handle";
import { getOwnCompanyContract } from "@/lib/companies/api/contracts";
import { getCompany } from "@/lib/companies/api/tenant-companies";

export const GET = handle(getOwnCompanyContract, ({ companyId }) => getCompany(companyId));
