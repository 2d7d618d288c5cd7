import { Inngest } from "inngest";

// One client for the app. With INNGEST_EVENT_KEY set, events go to the
// Inngest server and it calls /api/inngest; without it, lib/jobs runs the same
// function definitions in-process (the local driver). In lib/jobs, which sends
// runs through it, so that lib never imports inngest/ (scripts/check-layers.ts).
export const inngest = new Inngest({ id: "fiscal-issuer" });
