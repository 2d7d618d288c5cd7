import { inngest } from "@/lib/jobs/inngest-client";
import { SEND_DOCUMENT_EMAIL_EVENT, SEND_DOCUMENT_EMAIL_FUNCTION_ID, SendDocumentEmailEventData } from "@/lib/email/events";
import { abandonDocumentEmail, attemptDocumentEmail, type EmailStepResult } from "@/lib/email/send-document-email";

// Attempts bounded by EMAIL_RETRY_DELAYS_SECONDS (at most 10 retries); this guard only ends a run that loops.
const MAX_STEPS = 12;

/**
 * Builds and sends one DocumentEmail (lib/email): each attempt one memoized step, a 4xx reply
 * (or no answer) waits until the row's next attempt and tries again, a 5xx ends it FAILED. The row
 * is the source of truth: a replayed step finds it no longer QUEUED and sends nothing; one run at a
 * time per message (its attempts are claimed by a guarded update besides).
 */
export const sendDocumentEmailFunction = inngest.createFunction(
  {
    id: SEND_DOCUMENT_EMAIL_FUNCTION_ID,
    name: "E-mail a document's outcome",
    triggers: [{ event: SEND_DOCUMENT_EMAIL_EVENT }],
    concurrency: [{ key: "event.data.emailId", limit: 1 }],
    retries: 4,
    // A run that failed for good (a PDF pool busy every time, the database unreachable) leaves its message FAILED with the reason, not QUEUED.
    onFailure: async ({ event, error, step }) => {
      const run = SendDocumentEmailEventData.parse(event.data.event.data);
      await step.run("abandon", () => abandonDocumentEmail(run, error.message));
    },
  },
  async ({ event, step }) => {
    const run = SendDocumentEmailEventData.parse(event.data);
    let result: EmailStepResult = { kind: "settled", status: "QUEUED" };
    for (let attempt = 1; attempt <= MAX_STEPS; attempt++) {
      result = (await step.run(`send-${attempt}`, () => attemptDocumentEmail(run))) as EmailStepResult;
      if (result.kind !== "retry") return result;
      await step.sleepUntil(`backoff-${attempt}`, result.at);
    }
    return result;
  },
);
