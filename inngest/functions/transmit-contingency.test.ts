import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { TRANSMISSION_ROUND_DELAYS, TRANSMIT_CONTINGENCY_EVENT } from "@/lib/contingency/events";
import { transmitContingencyFunction } from "./transmit-contingency";

// Orchestration only: the rounds are mocked (they run against PostgreSQL and the
// simulator in lib/contingency/emission-in-contingency.integration.test.ts).
const data = { companyId: "c1", model: 65, environment: "HOMOLOGATION", runId: "r1", concurrencyKey: "contingency:c1:65:HOMOLOGATION" };
const events = [{ name: TRANSMIT_CONTINGENCY_EVENT, data }] as [{ name: string; data: typeof data }];
const done = { kind: "done", transmitted: 3, resolved: 1 };
const pending = { kind: "pending", transmitted: 0, resolved: 0, reason: "contingency active" };

function stepIds(ctx: { step: { run: { mock: { calls: unknown[][] } } } }) {
  return ctx.step.run.mock.calls.map((call) => call[0]);
}

describe("transmit-contingency function", () => {
  it("rejects an event without its fields", async () => {
    const t = new InngestTestEngine({ function: transmitContingencyFunction, events: [{ name: TRANSMIT_CONTINGENCY_EVENT, data: { companyId: "c1" } }] });
    const { error } = await t.execute();
    expect(String((error as Error)?.message ?? error)).toMatch(/model|environment|runId/);
  });

  it("ends after the round that transmitted and resolved everything", async () => {
    const t = new InngestTestEngine({ function: transmitContingencyFunction, events, steps: [{ id: "transmit-1", handler: () => pending }, { id: "wait-1", handler: () => undefined }, { id: "transmit-2", handler: () => done }] });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(done);
    expect(stepIds(ctx as never)).toEqual(["transmit-1", "transmit-2"]);
    expect((ctx as unknown as { step: { sleep: { mock: { calls: unknown[][] } } } }).step.sleep.mock.calls.map((call) => call.slice(0, 2))).toEqual([["wait-1", "15s"]]);
  });

  it("after the last round still pending, asks for a fresh run", async () => {
    const rounds = Array.from({ length: TRANSMISSION_ROUND_DELAYS.length + 1 }, (_, i) => [{ id: `transmit-${i + 1}`, handler: () => pending }, { id: `wait-${i + 1}`, handler: () => undefined }]).flat();
    const t = new InngestTestEngine({ function: transmitContingencyFunction, events, steps: [...rounds, { id: "continue", handler: () => undefined }] });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(pending);
    expect(stepIds(ctx as never).at(-1)).toBe("continue");
    expect(stepIds(ctx as never)).toHaveLength(TRANSMISSION_ROUND_DELAYS.length + 2);
  });
});
