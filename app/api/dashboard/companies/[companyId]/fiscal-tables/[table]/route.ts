import { handleSession } from "@/lib/api/handle-session";
import { searchCompanyTable } from "@/lib/fiscal-tables";
import { dashboardFiscalTableContract } from "@/lib/fiscal-tables/contracts";

export const GET = handleSession(dashboardFiscalTableContract, ({ companyId, params, query }) => searchCompanyTable({ companyId, table: params.table, search: query }));
