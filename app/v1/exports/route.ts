import { handle } from "@/lib/api/handle";
import { createExportContract, listExportsContract } from "@/lib/exports/contracts";
import { createExport } from "@/lib/exports/create-export";
import { listExports } from "@/lib/exports/get-export";

export const GET = handle(listExportsContract, ({ companyId, query }) => listExports(companyId, query));
export const POST = handle(createExportContract, ({ companyId, body }) => createExport(companyId, body));
