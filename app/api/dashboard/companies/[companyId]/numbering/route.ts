import { handleSession } from "@/lib/api/handle-session";
import { numberingContract } from "@/lib/companies/setup-contracts";
import { listSeriesCounters, listUnusedNumbers } from "@/lib/numbering";

export const GET = handleSession(numberingContract, async ({ companyId }) => ({
  series: await listSeriesCounters(companyId),
  unused: await listUnusedNumbers(companyId),
}));
