import { handle } from "@/lib/api/handle";
import { syncReceivedDocumentsContract } from "@/lib/received/contracts";
import { requestSyncNow } from "@/lib/received/sync-now";

export const POST = handle(syncReceivedDocumentsContract, ({ companyId }) => requestSyncNow(companyId));
