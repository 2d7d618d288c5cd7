import { z } from "zod";
import { declareRunKind } from "@/lib/jobs/run-kinds";

// The event that starts an emission run, shared by the emit route, create
// with emit true (via queueEmission) and the Inngest function.
export const EMIT_DOCUMENT_EVENT = "fiscal/document.emit.requested";
export const EMIT_DOCUMENT_FUNCTION_ID = "emit-document";

// The authorizer an emission run talks to (lib/jobs/run-kinds.ts): the issuer's state + model +
// environment ("SP:55:HOMOLOGATION"; NFS-e, model 99, all go to Sefin Nacional: "sefin:99:…").
// Read from the run's concurrency key, which emissionRun (queue-emission.ts) writes as
// company:model:series:environment, and the company's state: one primary-key lookup.
// (States served by the same virtual authority, SVRS or SVAN, count apart: a finer share.)
declareRunKind(EMIT_DOCUMENT_FUNCTION_ID, {
  authorizerKeySql: (run) => {
    const model = `split_part(${run}."concurrencyKey", ':', 2)`;
    return `(
      SELECT CASE ${model} WHEN '99' THEN 'sefin' ELSE c."state" END || ':' || ${model} || ':' || split_part(${run}."concurrencyKey", ':', 4)
      FROM "Company" c WHERE c."id" = ${run}."companyId")`;
  },
});

export const EmitDocumentEventData = z.object({
  companyId: z.string().min(1),
  documentId: z.string().min(1),
  runId: z.string().min(1),
  // company + model + series + environment: the Inngest concurrency key (numbers issued in order).
  concurrencyKey: z.string().min(1),
});
export type EmitDocumentEventData = z.infer<typeof EmitDocumentEventData>;
