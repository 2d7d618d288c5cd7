import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardListIssuerReformEventsContract, dashboardRegisterIssuerReformEventContract } from "@/lib/document-events/reform-event-dashboard-contracts";
import { listIssuedDocumentReformEvents, registerIssuerReformEvent } from "@/lib/document-events/register-reform-event";

export const GET = handleSession(dashboardListIssuerReformEventsContract, ({ companyId, params }) => listIssuedDocumentReformEvents(companyId, params.documentId));
export const POST = handleSession(dashboardRegisterIssuerReformEventContract, ({ companyId, params, body }) => registerIssuerReformEvent({ companyId, documentId: params.documentId, body }), { roles: WRITER_ROLES });
