import { handle } from "@/lib/api/handle";
import { cancelAcquirerReformEventContract } from "@/lib/received/reform-event-contracts";
import { cancelAcquirerReformEvent } from "@/lib/received/register-acquirer-event";

export const DELETE = handle(cancelAcquirerReformEventContract, ({ companyId, params, body }) => cancelAcquirerReformEvent({ companyId, documentId: params.id, eventId: params.eventId, body }));
