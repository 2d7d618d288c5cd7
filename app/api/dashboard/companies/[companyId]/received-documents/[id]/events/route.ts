import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardListAcquirerReformEventsContract, dashboardRegisterAcquirerReformEventContract } from "@/lib/received/reform-event-dashboard-contracts";
import { listReceivedReformEvents, registerAcquirerReformEvent } from "@/lib/received/register-acquirer-event";

export const GET = handleSession(dashboardListAcquirerReformEventsContract, ({ companyId, params }) => listReceivedReformEvents(companyId, params.id));
export const POST = handleSession(dashboardRegisterAcquirerReformEventContract, ({ companyId, params, body }) => registerAcquirerReformEvent({ companyId, documentId: params.id, body }), { roles: WRITER_ROLES });
