import { inngest } from "@/lib/jobs/inngest-client";
import { EMIT_DOCUMENT_EVENT, EMIT_DOCUMENT_FUNCTION_ID, EmitDocumentEventData } from "@/lib/emission/events";
import { EMISSION_MAX_MISUSE_PAUSES, EMISSION_RECONCILE_CONSULTATIONS, EMISSION_SEND_ATTEMPTS, reconcileDelay, retryDelay } from "@/lib/emission/limits";
import type { EmissionRun } from "@/lib/emission/outcomes";
import { reconcileEmission } from "@/lib/emission/reconcile-emission";
import { failEmission, resumeEmission } from "@/lib/emission/record-emission-outcome";
import { prepareAndSend, sendForAuthorization } from "@/lib/emission/send-for-authorization";
import { stepWriteDeferral } from "@/lib/jobs/step-write";

type StepResult = Awaited<ReturnType<typeof sendForAuthorization>> | Awaited<ReturnType<typeof reconcileEmission>>;

/**
 * Emission of one NF-e/NFC-e (api.md, States and transitions): number and
 * signed, validated XML, then send → AUTHORIZED or REJECTED (one step, so the
 * common case is one memoized result); a communication failure leaves the
 * document PROCESSING with nextAttemptAt and re-sends after a backoff, up to
 * EMISSION_SEND_ATTEMPTS.
 * A 656 (consumo indevido) makes the run wait for the pause's end and repeat
 * the same send; when the last send leaves the outcome unknown the run
 * consults the access key on a backoff until the authority answers. One run
 * at a time per company + model + series + environment, so numbers reach the
 * authority in order. Each step is one call into lib/emission that leaves the
 * document in a settled state in the same transaction, and is memoized, so a
 * restart never repeats one.
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
  async (ctx) => {
    const { event, step } = ctx;
    const run: EmissionRun = EmitDocumentEventData.parse(event.data);
    // The local driver makes a send's settlement with the step's result (one statement); Inngest's steps write it themselves.
    const deferWrite = stepWriteDeferral(ctx);

    /** After the last send left the outcome unknown: consult the access key on a backoff until the authority answers. */
    const reconcile = async (): Promise<StepResult> => {
      let outcome: StepResult = { kind: "unresolved", reason: "" };
      for (let consultation = 1; consultation <= EMISSION_RECONCILE_CONSULTATIONS; consultation++) {
        if (outcome.kind === "paused") await step.sleepUntil(`reconcile-pause-${consultation}`, outcome.until);
        else await step.sleep(`reconcile-wait-${consultation}`, reconcileDelay(consultation));
        outcome = (await step.run(`reconcile-${consultation}`, () => reconcileEmission(run, consultation))) as StepResult;
        if (outcome.kind !== "unresolved" && outcome.kind !== "paused") return outcome;
      }
      return outcome;
    };

    for (let attempt = 1; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
      const finalAttempt = attempt === EMISSION_SEND_ATTEMPTS;
      if (attempt > 1) {
        await step.sleep(`backoff-${attempt}`, retryDelay(attempt - 1));
        const resumed = await step.run(`resume-${attempt}`, () => resumeEmission(run));
        if (resumed.kind === "superseded") return resumed;
      }
      // The first attempt also numbers, builds, signs and validates the NF-e (or rejects it before sending).
      let sent: StepResult = attempt === 1
        ? await step.run("prepare-and-send", () => prepareAndSend(run, { finalAttempt, deferWrite, retryDelay: retryDelay(attempt) }))
        : await step.run(`send-${attempt}`, () => sendForAuthorization(run, { finalAttempt, deferWrite, retryDelay: retryDelay(attempt) }));
      for (let pause = 1; sent.kind === "paused" && pause <= EMISSION_MAX_MISUSE_PAUSES; pause++) {
        await step.sleepUntil(`pause-${attempt}-${pause}`, sent.until);
        sent = (await step.run(`send-${attempt}-after-pause-${pause}`, () => sendForAuthorization(run, { finalAttempt, deferWrite, retryDelay: retryDelay(attempt) }))) as StepResult;
      }
      if (sent.kind === "unresolved") return reconcile();
      // "returned_to_draft": a step memoized before issue 50 (the same outcome, the document in DRAFT).
      if (sent.kind !== "awaiting_retry" && (sent.kind as string) !== "returned_to_draft") return sent;
    }
  },
);

