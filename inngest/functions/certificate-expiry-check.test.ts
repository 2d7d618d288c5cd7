import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { certificateExpiryCheckFunction } from "./certificate-expiry-check";

// Orchestration only (steps mocked); the steps run against PostgreSQL and a loopback SMTP
// server in lib/certificate-alerts/certificate-alerts.integration.test.ts.
const stepIds = (ctx: unknown) => (ctx as { step: { run: { mock: { calls: unknown[][] } } } }).step.run.mock.calls.map((call) => call[0]);

describe("certificate-expiry-check", () => {
  it("runs hourly on its cron: announces the thresholds reached, then sends their e-mails, each a memoized step", async () => {
    const { result, ctx } = await new InngestTestEngine({
      function: certificateExpiryCheckFunction,
      events: [{ name: "inngest/scheduled.timer", data: { cron: "TZ=America/Sao_Paulo 20 * * * *" } }],
      steps: [
        { id: "announce", handler: () => 2 },
        { id: "email", handler: () => 1 },
      ],
    }).execute();
    expect(result).toEqual({ announced: 2, emailed: 1 });
    expect(stepIds(ctx)).toEqual(["announce", "email"]);
  });
});
