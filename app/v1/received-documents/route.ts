import { handle } from "@/lib/api/handle";
import { listReceivedDocumentsContract } from "@/lib/received/contracts";
import { listReceivedDocuments } from "@/lib/received/queries";

export const GET = handle(listReceivedDocumentsContract, ({ companyId, query }) => listReceivedDocuments(companyId, query));
