import { handleSession } from "@/lib/api/handle-session";
import { dashboardDocumentFormOptionsContract } from "@/lib/documents/dashboard-contracts";
import { listDocumentFormOptions } from "@/lib/documents/form-options";

export const GET = handleSession(dashboardDocumentFormOptionsContract, ({ companyId }) => listDocumentFormOptions(companyId));
