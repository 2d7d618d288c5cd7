import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/config/env";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/route";
import { sealSecret } from "./secret-store";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings } from "./testing/webhook-fixtures";

// A documented limit of endpoints per company (issue 34, item 8: each endpoint is a delivery run
// of its own, and a company's runs share a few delivery slots).

let hooks: Receiver;
beforeAll(async () => {
  applyWebhookTestSettings();
  hooks = await startReceiver();
});
afterAll(() => hooks.close());

describe("endpoints per company", () => {
  it("answers 422 webhook_endpoint_limit at the limit, before any ping, and counts only the company's own endpoints", async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    const limit = env().WEBHOOK_ENDPOINTS_PER_COMPANY;
    expect(limit).toBe(20);
    await db.webhookEndpoint.createMany({
      data: Array.from({ length: limit }, (_, i) => ({ companyId: company.companyId, url: `https://receiver-${i}.example.com/hooks`, secret: sealSecret("whsec_test") })),
    });
    const pingsBefore = hooks.received.length;
    const refused = await call(createEndpointRoute, { method: "POST", path: "/v1/webhooks", key: company.key, body: { url: hooks.url } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ statusCode: 422, code: "webhook_endpoint_limit" });
    expect(refused.body.message).toContain("20");
    expect(hooks.received.length).toBe(pingsBefore);

    const accepted = await call(createEndpointRoute, { method: "POST", path: "/v1/webhooks", key: other.key, body: { url: hooks.url } });
    expect(accepted.status).toBe(201);
  });
});
