import { afterAll, describe, expect, it } from "vitest";
import { createEmittingCompany } from "@/lib/emission/testing/emission-fixtures";
import { localDate } from "@/lib/overview/local-days";
import { createTestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInUser } from "@/test/session";
import { GET as healthRoute } from "@/app/api/dashboard/companies/[companyId]/overview/webhooks/route";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint, documentWithOutcome, drainWebhooks } from "./testing/webhook-fixtures";
import { getWebhookHealth } from "./webhook-health";

// The overview's webhook section from real deliveries to a receiver on 127.0.0.1.

process.env.NEXTAUTH_SECRET = "webhook-health-secret";
applyWebhookTestSettings();
const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

describe("webhook health for the overview", () => {
  it("lists failing endpoints and the 7-day success rate of settled deliveries, per São Paulo day, company-scoped", async () => {
    applyWebhookTestSettings();
    const company = await createEmittingCompany();
    const hooks = await startReceiver();
    receivers.push(hooks);
    const endpoint = await createEndpoint(company.key, { url: hooks.url });
    await documentWithOutcome(company.companyId, "document.authorized");
    await documentWithOutcome(company.companyId, "document.rejected");
    await drainWebhooks(company.companyId);
    hooks.reply({ status: 500, body: "down" });
    await documentWithOutcome(company.companyId, "document.cancelled");
    await drainWebhooks(company.companyId);

    const health = await getWebhookHealth({ companyId: company.companyId });
    expect(health.endpoints).toEqual([expect.objectContaining({ id: endpoint.id, isActive: true, consecutiveFailures: 1 })]);
    expect(health.last7Days).toMatchObject({ succeeded: 2, failed: 1, pending: 0, successRate: 66.7 });
    expect(health.last7Days.days).toHaveLength(7);
    const today = health.last7Days.days.at(-1)!;
    expect(today).toEqual({ date: localDate(new Date(), "America/Sao_Paulo"), succeeded: 2, failed: 1, pending: 0, successRate: 66.7 });

    // Eight days later those deliveries are outside the window.
    const later = await getWebhookHealth({ companyId: company.companyId, now: new Date(Date.now() + 8 * 86_400_000) });
    expect(later.last7Days).toMatchObject({ succeeded: 0, failed: 0, successRate: null });

    // Through the dashboard route, for any role; another company sees nothing of it.
    const support = await signedInUser(company.tenantId, "SUPPORT");
    const res = await call(healthRoute, { path: "/x", headers: { cookie: support.cookie }, params: { companyId: company.companyId } });
    expect(res.status).toBe(200);
    expect(res.body.last7Days.successRate).toBe(66.7);
    const other = await createTestCompany();
    expect(await getWebhookHealth({ companyId: other.companyId })).toMatchObject({ endpointCount: 0, endpoints: [], last7Days: { succeeded: 0, failed: 0 } });
  });

  it("names an endpoint whose delivery is still being retried after failed attempts, and counts the endpoints", async () => {
    // A retry an hour later: the delivery stays PENDING after its failed first attempt, and
    // consecutiveFailures stays 0 until it gives up, so only the retrying count shows it.
    applyWebhookTestSettings({ retryDelays: "3600,3600,3600,3600" });
    const company = await createEmittingCompany();
    const hooks = await startReceiver();
    receivers.push(hooks);
    const endpoint = await createEndpoint(company.key, { url: hooks.url });
    hooks.reply({ status: 503, body: "maintenance" });
    await documentWithOutcome(company.companyId, "document.authorized");
    await drainWebhooks(company.companyId);
    const health = await getWebhookHealth({ companyId: company.companyId });
    expect(health.endpointCount).toBe(1);
    expect(health.endpoints).toEqual([expect.objectContaining({ id: endpoint.id, isActive: true, consecutiveFailures: 0, retryingDeliveries: 1, retryingAttempts: 1 })]);
    expect(health.last7Days).toMatchObject({ succeeded: 0, failed: 0, pending: 1 });
    applyWebhookTestSettings();
  });
});
