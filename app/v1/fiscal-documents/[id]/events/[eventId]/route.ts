import { handle } from "@/lib/api/handle";
import { cancelIssuerReformEventContract } from "@/lib/document-events/reform-event-contracts";
import { cancelIssuerReformEvent } from "@/lib/document-events/register-reform-event";

export const DELETE = handle(cancelIssuerReformEventContract, ({ companyId, params, body }) => cancelIssuerReformEvent({ companyId, documentId: params.id, eventId: params.eventId, body }));
