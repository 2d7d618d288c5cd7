import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardCancelAcquirerReformEventContract } from "@/lib/received/reform-event-dashboard-contracts";
import { cancelAcquirerReformEvent } from "@/lib/received/register-acquirer-event";

export const DELETE = handleSession(
  dashboardCancelAcquirerReformEventContract,
  ({ companyId, params, body }) => cancelAcquirerReformEvent({ companyId, documentId: params.id, eventId: params.eventId, body }),
  { roles: WRITER_ROLES },
);
