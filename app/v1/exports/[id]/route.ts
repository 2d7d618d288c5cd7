import { handle } from "@/lib/api/handle";
import { getExportContract } from "@/lib/exports/contracts";
import { getExport } from "@/lib/exports/get-export";

export const GET = handle(getExportContract, ({ companyId, params }) => getExport(companyId, params.id));
