import { z } from "zod";

export const EmitDocumentParams = z.object({ id: z.string().min(1).max(64) });

// api.md: optional body { issueDateTime }, may be null or absent; default now.
export const EmitDocumentInput = z.object({
  issueDateTime: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type EmitDocumentInput = z.infer<typeof EmitDocumentInput>;

export const EmitDocumentResponse = z.object({
  documentId: z.string(),
  /** PROCESSING; with `Prefer: wait=N` answered 200, the outcome that arrived within N seconds (AUTHORIZED, REJECTED, DENIED or CONTINGENCY). */
  status: z.string(),
  runId: z.string().nullable(),
  message: z.string(),
  /** Present when the recipient's registration check (recipientRegistrationBlocks false) found a problem: the NF-e may be denied. */
  warnings: z.array(z.string()).optional(),
});
export type EmitDocumentResponse = z.infer<typeof EmitDocumentResponse>;
