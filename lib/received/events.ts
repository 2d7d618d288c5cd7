import { z } from "zod";

// The background run of a company's distribution (inngest/functions/sync-received-documents.ts).
// Its rows are queued by lib/received/schedule.ts with these names.
export const RECEIVED_SYNC_FUNCTION_ID = "received-sync";
export const RECEIVED_SYNC_EVENT = "received/sync.due";

export const ReceivedSyncEventData = z.object({ companyId: z.string().min(1), runId: z.string().min(1) });
