import { handle } from "@/lib/api/handle";
import { getReceivedDocumentContract } from "@/lib/received/contracts";
import { getReceivedDocument } from "@/lib/received/queries";

export const GET = handle(getReceivedDocumentContract, ({ companyId, params }) => getReceivedDocument(companyId, params.id));
