import { inngest } from "@/inngest/client";
import { EMIT_DOCUMENT_EVENT, EMIT_DOCUMENT_FUNCTION_ID, EmitDocumentEventData } from "@/lib/emission/events";
import { EMISSION_RETRY_DELAYS, EMISSION_SEND_ATTEMPTS } from "@/lib/emission/limits";
import { prepareAndSend } from "@/lib/emission/prepare-emission";
import { failEmission, resumeEmission } from "@/lib/emission/record-emission-outcome";
import { sendForAuthorization } from "@/lib/emission/send-for-authorization";

/**
 * Emission of one NF-e/NFC-e (api.md, States and transitions): number and
 * signed, validated XML, then send → AUTHORIZED or REJECTED (one step, so the
 * common case is one memoized result); a communication failure returns the
 * document to DRAFT and re-sends after a backoff, up to EMISSION_SEND_ATTEMPTS. One run at a time per company + model + series +
 * environment, so numbers reach the authority in order. Each step is one call
 * into lib/emission that leaves the document in a settled state in the same
 * transaction, and is memoized, so a restart never repeats one.
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

    for (let attempt = 1; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
      const finalAttempt = attempt === EMISSION_SEND_ATTEMPTS;
      if (attempt > 1) {
        await step.sleep(`backoff-${attempt}`, EMISSION_RETRY_DELAYS[attempt - 2] ?? "30m");
        const resumed = await step.run(`resume-${attempt}`, () => resumeEmission(run));
        if (resumed.kind === "superseded") return resumed;
      }
      // The first attempt also numbers, builds, signs and validates the NF-e (or rejects it before sending).
      const sent = attempt === 1
        ? await step.run("prepare-and-send", () => prepareAndSend(run, { finalAttempt }))
        : await step.run(`send-${attempt}`, () => sendForAuthorization(run, { finalAttempt }));
      if (sent.kind !== "returned_to_draft") return sent;
    }
  },
);
