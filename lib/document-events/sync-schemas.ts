import { z } from "zod";

// POST /v1/fiscal-documents/{id}/sync (issue 56 item 4; docs/api-notes/lookups.md). Not in the spec: our names.

const StatusChange = z.object({ kind: z.literal("status"), from: z.string(), to: z.string(), cStat: z.string(), protocol: z.string().nullable() });
const EventRecorded = z.object({ kind: z.literal("event"), eventCode: z.string(), sequence: z.number().int(), protocol: z.string() });

export const SyncDocumentResponse = z.object({
  documentId: z.string(),
  accessKey: z.string(),
  previousStatus: z.string(),
  status: z.string(),
  changed: z.boolean(),
  /** What the sync recorded: a status settled from the authority's answer, and each event it held that was missing here. */
  changes: z.array(z.discriminatedUnion("kind", [StatusChange, EventRecorded])),
  authority: z.object({
    status: z.enum(["AUTHORIZED", "CANCELLED", "DENIED", "NOT_FOUND"]),
    cStat: z.string(),
    reason: z.string(),
    protocol: z.string().nullable(),
    events: z.array(z.object({ eventCode: z.string(), sequence: z.number().int(), protocol: z.string() })),
  }),
  message: z.string(),
});
export type SyncDocumentResponse = z.infer<typeof SyncDocumentResponse>;
