import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { BACKFILL_WEBHOOKS_EVENT, DELIVER_WEBHOOKS_EVENT } from "@/lib/webhooks/events";
import { backfillWebhooksFunction } from "./backfill-webhooks";
import { deliverWebhooksFunction } from "./deliver-webhooks";

// Orchestration only (steps mocked); the steps run against PostgreSQL and a
// loopback receiver in lib/webhooks' integration tests.
const stepIds = (ctx: unknown) => (ctx as { step: { run: { mock: { calls: unknown[][] } } } }).step.run.mock.calls.map((call) => call[0]);

describe("webhook functions", () => {
  it("deliver: one memoized step for the endpoint's due deliveries; refuses an event without its ids", async () => {
    const data = { endpointId: "e1", companyId: "c1", runId: "r1" };
    const { result, ctx } = await new InngestTestEngine({
      function: deliverWebhooksFunction,
      events: [{ name: DELIVER_WEBHOOKS_EVENT, data }],
      steps: [{ id: "deliver-due", handler: () => ({ attempted: 3, succeeded: 3, endpointDisabled: false, nextRunAt: null }) }],
    }).execute();
    expect(result).toMatchObject({ attempted: 3 });
    expect(stepIds(ctx)).toEqual(["deliver-due"]);
    const { error } = await new InngestTestEngine({ function: deliverWebhooksFunction, events: [{ name: DELIVER_WEBHOOKS_EVENT, data: { runId: "r1" } }] }).execute();
    expect(String((error as Error)?.message ?? error)).toMatch(/endpointId/);
  });

  it("backfill: batches until one says done, then finishes", async () => {
    const data = { companyId: "c1", backfillId: "b1", runId: "b1" };
    const { result, ctx } = await new InngestTestEngine({
      function: backfillWebhooksFunction,
      events: [{ name: BACKFILL_WEBHOOKS_EVENT, data }],
      steps: [
        { id: "batch-1", handler: () => ({ done: false, dispatched: 250 }) },
        { id: "batch-2", handler: () => ({ done: true, dispatched: 10 }) },
        { id: "finish", handler: () => ({ status: "SUCCEEDED" }) },
      ],
    }).execute();
    expect(result).toEqual({ status: "SUCCEEDED" });
    expect(stepIds(ctx)).toEqual(["batch-1", "batch-2", "finish"]);
  });
});
