import { EMIT_DOCUMENT_FUNCTION_ID } from "@/lib/emission/events";

// The authorizer an emission run talks to: the issuer's state + model + environment ("SP:55:
// HOMOLOGATION"; NFS-e, model 99, all go to Sefin Nacional: "sefin:99:…"). A local worker lets
// one authorizer hold at most part of its slots (local-worker.ts), so an authority that hangs
// delays only its own companies (issue 34, item 8). Read from the run's concurrency key, which
// emissionRun (lib/emission/queue-emission.ts) writes as company:model:series:environment, and
// the company's state: one primary-key lookup, only for emission runs.
// (States served by the same virtual authority, SVRS or SVAN, count apart: a finer share.)

/** SQL for the authorizer key of run alias `run` (null for other functions). */
export function authorizerKeySql(run: string): string {
  const model = `split_part(${run}."concurrencyKey", ':', 2)`;
  return `CASE WHEN ${run}."functionId" = '${EMIT_DOCUMENT_FUNCTION_ID}' THEN (
      SELECT CASE ${model} WHEN '99' THEN 'sefin' ELSE c."state" END || ':' || ${model} || ':' || split_part(${run}."concurrencyKey", ':', 4)
      FROM "Company" c WHERE c."id" = ${run}."companyId") END`;
}
