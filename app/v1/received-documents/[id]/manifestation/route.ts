import { handle } from "@/lib/api/handle";
import { manifestReceivedDocumentContract } from "@/lib/received/contracts";
import { manifestAndDescribe } from "@/lib/received/sync-now";

export const POST = handle(manifestReceivedDocumentContract, ({ companyId, params, body }) => manifestAndDescribe(companyId, params.id, body));
