import { handle } from "@/lib/api/handle";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { receivedEventXmlContract } from "@/lib/received/reform-event-contracts";
import { receivedEventXmlFile } from "@/lib/received/register-acquirer-event";

export const GET = handle(receivedEventXmlContract, async ({ companyId, params, query }) => fileResponse(await receivedEventXmlFile(companyId, params.id, params.eventId, query)));
