import { handle } from "@/lib/api/handle";
import { listAcquirerReformEventsContract, registerAcquirerReformEventContract } from "@/lib/received/reform-event-contracts";
import { listReceivedReformEvents, registerAcquirerReformEvent } from "@/lib/received/register-acquirer-event";

export const POST = handle(registerAcquirerReformEventContract, ({ companyId, params, body }) => registerAcquirerReformEvent({ companyId, documentId: params.id, body }));
export const GET = handle(listAcquirerReformEventsContract, ({ companyId, params }) => listReceivedReformEvents(companyId, params.id));
