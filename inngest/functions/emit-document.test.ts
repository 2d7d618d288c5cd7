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
const awaitingRetry = { kind: "awaiting_retry", reason: "timeout", cStat: null, nextAttemptAt: "2026-12-07T12:00:30.000Z" };
const settled = (status: string) => ({ kind: "settled", status });

/** Runs the function on the emit event with these mocked steps. */
function executeWith(steps: { id: string; handler: () => unknown }[]) {
  return new InngestTestEngine({ function: emitDocumentFunction, events, steps }).execute();
}

function stepIds(ctx: { step: { run: { mock: { calls: unknown[][] } } } }) {
  return ctx.step.run.mock.calls.map((call) => call[0]);
}

describe("emit-document function", () => {
  it("rejects an event without the run fields", async () => {
    const t = new InngestTestEngine({ function: emitDocumentFunction, events: [{ name: EMIT_DOCUMENT_EVENT, data: { documentId: "d1" } }] });
    const { error } = await t.execute();
    expect(String((error as Error)?.message ?? error)).toMatch(/companyId|runId/);
  });

  it("prepares and sends in one step, which settles the authorization", async () => {
    const { result, ctx } = await executeWith([{ id: "prepare-and-send", handler: () => settled("AUTHORIZED") }]);
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never)).toEqual(["prepare-and-send"]);
  });

  it("ends with a rejection settled by that step (before or after sending)", async () => {
    const { result, ctx } = await executeWith([{ id: "prepare-and-send", handler: () => settled("REJECTED") }]);
    expect(result).toEqual(settled("REJECTED"));
    expect(stepIds(ctx as never)).toEqual(["prepare-and-send"]);
  });

  it("after a send without an answer (PROCESSING until nextAttemptAt), sleeps, resumes and sends again", async () => {
    const { result, ctx } = await executeWith([
        { id: "prepare-and-send", handler: () => awaitingRetry },
        { id: "backoff-2", handler: () => undefined },
        { id: "resume-2", handler: () => settled("PROCESSING") },
        { id: "send-2", handler: () => settled("AUTHORIZED") },
      ]);
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never)).toEqual(["prepare-and-send", "resume-2", "send-2"]);
    expect((ctx as unknown as { step: { sleep: { mock: { calls: unknown[][] } } } }).step.sleep.mock.calls[0]?.[0]).toBe("backoff-2");
  });

  it("a step memoized before issue 50 (returned_to_draft: the document in DRAFT) still leads to the backoff and the re-send", async () => {
    const { result, ctx } = await executeWith([
      { id: "prepare-and-send", handler: () => ({ kind: "returned_to_draft", reason: "timeout", cStat: null }) },
      { id: "backoff-2", handler: () => undefined },
      { id: "resume-2", handler: () => settled("PROCESSING") },
      { id: "send-2", handler: () => settled("AUTHORIZED") },
    ]);
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never)).toEqual(["prepare-and-send", "resume-2", "send-2"]);
  });

  it("sends at most EMISSION_SEND_ATTEMPTS times; the last send settles (REJECTED when not received) instead of waiting for another", async () => {
    const steps: { id: string; handler: () => unknown }[] = [];
    for (let attempt = 1; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
      if (attempt > 1) steps.push({ id: `backoff-${attempt}`, handler: () => undefined }, { id: `resume-${attempt}`, handler: () => settled("PROCESSING") });
      steps.push({ id: attempt === 1 ? "prepare-and-send" : `send-${attempt}`, handler: () => (attempt < EMISSION_SEND_ATTEMPTS ? awaitingRetry : settled("REJECTED")) });
    }
    const { result, ctx } = await executeWith(steps);
    expect(result).toEqual(settled("REJECTED"));
    expect(stepIds(ctx as never).filter((id) => String(id).startsWith("send-") || id === "prepare-and-send")).toHaveLength(EMISSION_SEND_ATTEMPTS);
  });

  it("a send paused by a 656 waits until the pause ends and repeats the same attempt", async () => {
    const until = "2026-11-27T15:32:00.000Z";
    const { result, ctx } = await executeWith([
      { id: "prepare-and-send", handler: () => ({ kind: "paused", until, reason: "656 - SEFAZ bloqueou consultas por consumo indevido até 12:32" }) },
      { id: "pause-1-1", handler: () => undefined },
      { id: "send-1-after-pause-1", handler: () => settled("AUTHORIZED") },
    ]);
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never)).toEqual(["prepare-and-send", "send-1-after-pause-1"]);
    expect((ctx as unknown as { step: { sleepUntil: { mock: { calls: unknown[][] } } } }).step.sleepUntil.mock.calls[0]).toEqual(["pause-1-1", until]);
  });

  it("when the last send leaves the outcome unknown, consults on a backoff until the authority answers", async () => {
    const steps: { id: string; handler: () => unknown }[] = [];
    for (let attempt = 1; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
      if (attempt > 1) steps.push({ id: `backoff-${attempt}`, handler: () => undefined }, { id: `resume-${attempt}`, handler: () => settled("PROCESSING") });
      steps.push({ id: attempt === 1 ? "prepare-and-send" : `send-${attempt}`, handler: () => (attempt < EMISSION_SEND_ATTEMPTS ? awaitingRetry : { kind: "unresolved", reason: "timeout" }) });
    }
    steps.push(
      { id: "reconcile-wait-1", handler: () => undefined },
      { id: "reconcile-1", handler: () => ({ kind: "unresolved", reason: "consultation failed" }) },
      { id: "reconcile-wait-2", handler: () => undefined },
      { id: "reconcile-2", handler: () => settled("AUTHORIZED") },
    );
    const { result, ctx } = await executeWith(steps);
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never).filter((id) => String(id).startsWith("reconcile-"))).toEqual(["reconcile-1", "reconcile-2"]);
    const sleeps = (ctx as unknown as { step: { sleep: { mock: { calls: unknown[][] } } } }).step.sleep.mock.calls.map((call) => call.slice(0, 2));
    expect(sleeps.slice(-2)).toEqual([["reconcile-wait-1", "5m"], ["reconcile-wait-2", "15m"]]);
  });

  it("stops when a resume finds the document taken over by another run", async () => {
    const { result, ctx } = await executeWith([
        { id: "prepare-and-send", handler: () => awaitingRetry },
        { id: "backoff-2", handler: () => undefined },
        { id: "resume-2", handler: () => ({ kind: "superseded", status: "not this run's" }) },
      ]);
    expect(result).toMatchObject({ kind: "superseded" });
    expect(stepIds(ctx as never)).toEqual(["prepare-and-send", "resume-2"]);
  });

  it("stops when another run took the document over", async () => {
    const { result, ctx } = await executeWith([{ id: "prepare-and-send", handler: () => ({ kind: "superseded", status: "not this run's" }) }]);
    expect(result).toMatchObject({ kind: "superseded" });
    expect(stepIds(ctx as never)).toEqual(["prepare-and-send"]);
  });
});
