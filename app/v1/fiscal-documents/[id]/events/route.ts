import { handle } from "@/lib/api/handle";
import { listIssuerReformEventsContract, registerIssuerReformEventContract } from "@/lib/document-events/reform-event-contracts";
import { listIssuedDocumentReformEvents, registerIssuerReformEvent } from "@/lib/document-events/register-reform-event";

export const POST = handle(registerIssuerReformEventContract, ({ companyId, params, body }) => registerIssuerReformEvent({ companyId, documentId: params.id, body }));
export const GET = handle(listIssuerReformEventsContract, ({ companyId, params }) => listIssuedDocumentReformEvents(companyId, params.id));
