import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { EMIT_DOCUMENT_EVENT } from "@/lib/emission/events";
import { EMISSION_SEND_ATTEMPTS } from "@/lib/emission/limits";
import { emitDocumentFunction } from "./emit-document";

// Orchestration only: every step is mocked, so these check which lib call the
// function makes next for each outcome (the steps themselves are exercised
// against PostgreSQL and the simulator in lib/emission's integration tests).
const data = { companyId: "c1", documentId: "d1", runId: "r1", concurrencyKey: "c1:55:1:HOMOLOGATION" };
const events = [{ name: EMIT_DOCUMENT_EVENT, data }] as [{ name: string; data: typeof data }];
const prepared = { kind: "prepared", series: 1, number: 7, accessKey: "3".repeat(44), reused: false };
const backToDraft = { kind: "returned_to_draft", reason: "timeout", cStat: null };
const settled = (status: string) => ({ kind: "settled", status });

function stepIds(ctx: { step: { run: { mock: { calls: unknown[][] } } } }) {
  return ctx.step.run.mock.calls.map((call) => call[0]);
}

describe("emit-document function", () => {
  it("rejects an event without the run fields", async () => {
    const t = new InngestTestEngine({ function: emitDocumentFunction, events: [{ name: EMIT_DOCUMENT_EVENT, data: { documentId: "d1" } }] });
    const { error } = await t.execute();
    expect(String((error as Error)?.message ?? error)).toMatch(/companyId|runId/);
  });

  it("prepares (number and signed XML), then sends and settles the authorization", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [
        { id: "prepare", handler: () => prepared },
        { id: "send-1", handler: () => settled("AUTHORIZED") },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never)).toEqual(["prepare", "send-1"]);
  });

  it("does not send when the preparation rejected the document (e.g. the XML fails the schema)", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [{ id: "prepare", handler: () => settled("REJECTED") }],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(settled("REJECTED"));
    expect(stepIds(ctx as never)).toEqual(["prepare"]);
  });

  it("after a send that went back to DRAFT, sleeps, resumes and sends again", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [
        { id: "prepare", handler: () => prepared },
        { id: "send-1", handler: () => backToDraft },
        { id: "backoff-2", handler: () => undefined },
        { id: "resume-2", handler: () => settled("PROCESSING") },
        { id: "send-2", handler: () => settled("AUTHORIZED") },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never)).toEqual(["prepare", "send-1", "resume-2", "send-2"]);
    expect((ctx as unknown as { step: { sleep: { mock: { calls: unknown[][] } } } }).step.sleep.mock.calls[0]?.[0]).toBe("backoff-2");
  });

  it("sends at most EMISSION_SEND_ATTEMPTS times; the last send settles (REJECTED) instead of going back to DRAFT", async () => {
    const steps: { id: string; handler: () => unknown }[] = [{ id: "prepare", handler: () => prepared }];
    for (let attempt = 1; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
      if (attempt > 1) steps.push({ id: `backoff-${attempt}`, handler: () => undefined }, { id: `resume-${attempt}`, handler: () => settled("PROCESSING") });
      steps.push({ id: `send-${attempt}`, handler: () => (attempt < EMISSION_SEND_ATTEMPTS ? backToDraft : settled("REJECTED")) });
    }
    const t = new InngestTestEngine({ function: emitDocumentFunction, events, steps });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(settled("REJECTED"));
    expect(stepIds(ctx as never).filter((id) => String(id).startsWith("send-"))).toHaveLength(EMISSION_SEND_ATTEMPTS);
  });

  it("stops when a resume finds the document taken over by another run", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [
        { id: "prepare", handler: () => prepared },
        { id: "send-1", handler: () => backToDraft },
        { id: "backoff-2", handler: () => undefined },
        { id: "resume-2", handler: () => ({ kind: "superseded", status: "not this run's" }) },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toMatchObject({ kind: "superseded" });
    expect(stepIds(ctx as never)).toEqual(["prepare", "send-1", "resume-2"]);
  });

  it("stops when another run took the document over", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [{ id: "prepare", handler: () => ({ kind: "superseded", status: "not this run's" }) }],
    });
    const { result, ctx } = await t.execute();
    expect(result).toMatchObject({ kind: "superseded" });
    expect(stepIds(ctx as never)).toEqual(["prepare"]);
  });
});
