import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardSyncContract } from "@/lib/received/dashboard-contracts";
import { requestSyncNow } from "@/lib/received/sync-now";

export const POST = handleSession(dashboardSyncContract, ({ companyId }) => requestSyncNow(companyId), { roles: WRITER_ROLES });
