import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardCancelIssuerReformEventContract } from "@/lib/document-events/reform-event-dashboard-contracts";
import { cancelIssuerReformEvent } from "@/lib/document-events/register-reform-event";

export const DELETE = handleSession(
  dashboardCancelIssuerReformEventContract,
  ({ companyId, params, body }) => cancelIssuerReformEvent({ companyId, documentId: params.documentId, eventId: params.eventId, body }),
  { roles: WRITER_ROLES },
);
