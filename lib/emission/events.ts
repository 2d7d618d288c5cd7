import { z } from "zod";

// The event that starts an emission run, shared by the emit route, create
// with emit true (via queueEmission) and the Inngest function.
export const EMIT_DOCUMENT_EVENT = "fiscal/document.emit.requested";
export const EMIT_DOCUMENT_FUNCTION_ID = "emit-document";

export const EmitDocumentEventData = z.object({
  companyId: z.string().min(1),
  documentId: z.string().min(1),
  runId: z.string().min(1),
  // company + model + series + environment: the Inngest concurrency key (numbers issued in order).
  concurrencyKey: z.string().min(1),
});
export type EmitDocumentEventData = z.infer<typeof EmitDocumentEventData>;
