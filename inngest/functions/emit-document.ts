import { inngest } from "@/inngest/client";
import { assignEmissionNumber } from "@/lib/emission/assign-number";
import { EMIT_DOCUMENT_EVENT, EMIT_DOCUMENT_FUNCTION_ID, EmitDocumentEventData } from "@/lib/emission/events";
import { EMISSION_RETRY_DELAYS, EMISSION_SEND_ATTEMPTS } from "@/lib/emission/limits";
import { prepareSignedXml } from "@/lib/emission/prepare-signed-xml";
import { failEmission, recordAuthorization, recordRejection, resumeEmission, returnToDraft } from "@/lib/emission/record-emission-outcome";
import { sendForAuthorization } from "@/lib/emission/send-for-authorization";

/**
 * Emission of one NF-e/NFC-e (api.md, States and transitions): number →
 * signed and validated XML → send → AUTHORIZED or REJECTED; a communication
 * failure returns the document to DRAFT and re-sends after a backoff, up to
 * EMISSION_SEND_ATTEMPTS. One run at a time per company + model + series +
 * environment, so numbers reach the authority in order. Every step is one
 * call into lib/emission and is memoized, so a restart never repeats one.
 */
export const emitDocumentFunction = inngest.createFunction(
  {
    id: EMIT_DOCUMENT_FUNCTION_ID,
    name: "Emit fiscal document",
    triggers: [{ event: EMIT_DOCUMENT_EVENT }],
    concurrency: [{ key: "event.data.concurrencyKey", limit: 1 }],
    retries: 4,
    onFailure: async ({ event, error, step }) => {
      const run = EmitDocumentEventData.parse(event.data.event.data);
      await step.run("reject-after-failure", () => failEmission(run, error.message));
    },
  },
  async ({ event, step }) => {
    const run = EmitDocumentEventData.parse(event.data);

    const numbered = await step.run("assign-number", () => assignEmissionNumber(run));
    if (numbered.kind === "superseded") return numbered;
    if (numbered.kind === "refused") return step.run("record-rejection", () => recordRejection(run, numbered));

    const prepared = await step.run("prepare-signed-xml", () => prepareSignedXml(run));
    if (prepared.kind === "superseded") return prepared;
    if (prepared.kind === "refused") return step.run("record-rejection", () => recordRejection(run, prepared));

    for (let attempt = 1; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
      if (attempt > 1) {
        await step.sleep(`backoff-${attempt}`, EMISSION_RETRY_DELAYS[attempt - 2] ?? "30m");
        const resumed = await step.run(`resume-${attempt}`, () => resumeEmission(run));
        if (resumed.kind === "superseded") return resumed;
      }
      const outcome = await step.run(`send-${attempt}`, () => sendForAuthorization(run));
      if (outcome.kind === "superseded") return outcome;
      if (outcome.kind === "authorized") return step.run("record-authorization", () => recordAuthorization(run, outcome));
      if (outcome.kind === "refused") return step.run("record-rejection", () => recordRejection(run, outcome));
      if (attempt === EMISSION_SEND_ATTEMPTS) {
        const exhausted = { kind: "refused" as const, code: "communication_failure", reason: `No answer from the tax authority after ${attempt} attempts: ${outcome.reason}` };
        return step.run("record-rejection", () => recordRejection(run, exhausted));
      }
      await step.run(`return-to-draft-${attempt}`, () => returnToDraft(run, outcome));
    }
  },
);
