import { handle } from "@/lib/api/handle";
import { downloadExportContract } from "@/lib/exports/contracts";
import { downloadExport } from "@/lib/exports/download-export";

export const GET = handle(downloadExportContract, ({ companyId, params }) => downloadExport(companyId, params.id));
