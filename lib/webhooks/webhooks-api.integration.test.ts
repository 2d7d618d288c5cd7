import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { GET as listEndpointsRoute, POST as createEndpointRoute } from "@/app/v1/webhooks/route";
import { GET as getEndpointRoute, PATCH as patchEndpointRoute } from "@/app/v1/webhooks/[id]/route";
import { POST as rotateRoute } from "@/app/v1/webhooks/[id]/rotate-secret/route";
import { POST as testRoute } from "@/app/v1/webhooks/[id]/test/route";
import { GET as listDeliveriesRoute } from "@/app/v1/webhooks/[id]/deliveries/route";
import { GET as getDeliveryRoute } from "@/app/v1/webhooks/[id]/deliveries/[deliveryId]/route";
import { POST as redeliverRoute } from "@/app/v1/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { setWebhookClockForTests } from "./clock";
import { getWebhookDelivery } from "./deliveries";
import { startReceiver, verifySignature, type Receiver } from "./testing/receiver";
import { createEndpoint, drainWebhooks, applyWebhookTestSettings } from "./testing/webhook-fixtures";

applyWebhookTestSettings();
const fixture = simulatorCompanyFixture();
const receivers: Receiver[] = [];
async function receiver() {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}
beforeAll(() => applyWebhookTestSettings());
afterEach(() => setWebhookClockForTests(null));
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

const deliveriesOf = async (key: string, endpointId: string, query = "") =>
  (await call(listDeliveriesRoute, { path: `/v1/webhooks/${endpointId}/deliveries${query}`, key, params: { id: endpointId } })).body;

describe("webhooks through the /v1 routes, with a receiver on 127.0.0.1", () => {
  it("an emission's outcome reaches the endpoint once, signed, with the spec's envelope and headers", async () => {
    const company = fixture.company;
    const hooks = await receiver();
    const endpoint = await createEndpoint(company.key, { url: hooks.url, description: "ERP" });
    expect(endpoint.secret).toMatch(/^whsec_/);
    // The verification ping came first, signed with the new secret.
    expect(hooks.received).toHaveLength(1);
    const ping = JSON.parse(hooks.received[0]!.body);
    expect(ping).toMatchObject({ id: expect.stringMatching(/^evt_/), type: "webhook.ping", data: { message: expect.any(String) } });
    expect(verifySignature(endpoint.secret, hooks.received[0]!.headers["x-webhook-signature"] as string, hooks.received[0]!.body).valid).toBe(true);

    const document = await authorizedDocument(company.companyId);
    await drainWebhooks(company.companyId);
    expect(hooks.received).toHaveLength(2);
    const request = hooks.received[1]!;
    const body = JSON.parse(request.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_/), type: "document.authorized", createdAt: expect.stringMatching(/Z$/),
      data: {
        documentId: document.id, externalId: null, type: "NFE", series: document.series, number: document.number, accessKey: document.accessKey,
        authorizationDate: document.authorizationDate!.toISOString(), protocolNumber: document.protocolNumber, rejectionReason: null,
        cancellationReason: null, totalValue: document.totalValue.toFixed(2), environment: "HOMOLOGATION",
      },
    });
    const { valid, t } = verifySignature(endpoint.secret, request.headers["x-webhook-signature"] as string, request.body);
    expect(valid).toBe(true);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);
    expect(request.headers).toMatchObject({ "content-type": "application/json", "x-webhook-event": "document.authorized", "user-agent": expect.stringMatching(/^FiscalIssuer-Webhooks\//) });
    // Before 2027-02-01 the legacy headers carry the same values.
    expect(request.headers["x-service-event"]).toBe("document.authorized");
    expect(request.headers["x-service-delivery"]).toBe(request.headers["x-webhook-delivery"]);
    expect(request.headers["x-service-signature"]).toBe(request.headers["x-webhook-signature"]);

    const page = await deliveriesOf(company.key, endpoint.id);
    expect(page.meta).toMatchObject({ page: 1, total: 1 });
    const delivery = page.data[0];
    expect(delivery).toMatchObject({ id: request.headers["x-webhook-delivery"], status: "SUCCEEDED", attempts: 1, payload: request.body, responseStatus: 200, responseBody: "ok", errorMessage: null, nextAttemptAt: null, eventId: body.id });
    expect(delivery.attemptLog).toEqual([
      { attempt: 1, signedAt: t, signature: (request.headers["x-webhook-signature"] as string).split("v1=")[1], responseStatus: 200, responseBody: "ok", errorMessage: null, durationMs: expect.any(Number), createdAt: expect.any(String), trigger: "AUTOMATIC" },
    ]);
    const one = await call(getDeliveryRoute, { path: "/x", key: company.key, params: { id: endpoint.id, deliveryId: delivery.id } });
    expect(one.body).toEqual(delivery);
  });

  it("retries a failing receiver (redirects are not followed) and succeeds; every attempt carries its own valid signature over the same bytes", async () => {
    const company = await createTestCompany();
    const hooks = await receiver();
    const endpoint = await createEndpoint(company.key, { url: hooks.url });
    hooks.reply((n) => (n === 2 ? { status: 500, body: "x".repeat(5000) } : n === 3 ? { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data" } } : { status: 204 }));
    await db.domainEvent.create({ data: { companyId: company.companyId, type: "document.inutilized", environment: "HOMOLOGATION", data: { inutilizationId: "inu_1", series: 1, startNumber: 5, endNumber: 9, year: "26" } } });
    await drainWebhooks(company.companyId);
    const attempts = hooks.received.slice(1);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const attempt of attempts) expect(verifySignature(endpoint.secret, attempt.headers["x-webhook-signature"] as string, attempt.body).valid).toBe(true);
    expect(JSON.parse(attempts[0]!.body).data).toEqual({ inutilizationId: "inu_1", series: 1, startNumber: 5, endNumber: 9, year: "26" });
    const [delivery] = (await deliveriesOf(company.key, endpoint.id)).data;
    expect(delivery).toMatchObject({ status: "SUCCEEDED", attempts: 3, responseStatus: 204 });
    expect(delivery.attemptLog.map((e: { responseStatus: number }) => e.responseStatus)).toEqual([500, 302, 204]);
    expect(delivery.attemptLog[0].responseBody).toHaveLength(4096);
    expect(delivery.attemptLog[1].errorMessage).toMatch(/redirects are not followed/);
  });

  it("a dead receiver: 5 attempts per delivery, FAILED, the endpoint disabled after 5; reactivation pings; redelivery sends the same bytes", async () => {
    const company = await createTestCompany();
    const dead = await receiver();
    const endpoint = await createEndpoint(company.key, { url: dead.url });
    await dead.close();
    for (let i = 0; i < 5; i++) await documentWithOutcomeFor(company.companyId);
    await drainWebhooks(company.companyId);
    const failed = await deliveriesOf(company.key, endpoint.id, "?status=FAILED");
    expect(failed.meta.total).toBe(5);
    for (const d of failed.data) {
      expect(d).toMatchObject({ status: "FAILED", attempts: 5, errorMessage: "connection refused", nextAttemptAt: null });
    }
    const disabled = (await call(getEndpointRoute, { path: "/x", key: company.key, params: { id: endpoint.id } })).body;
    expect(disabled).toMatchObject({ isActive: false, consecutiveFailures: 5, disabledReason: "5 consecutive failed deliveries", disabledAt: expect.any(String) });
    // An inactive endpoint receives nothing new.
    await documentWithOutcomeFor(company.companyId);
    expect((await deliveriesOf(company.key, endpoint.id)).meta.total).toBe(5);

    // Reactivation without a live receiver: 422, stays inactive.
    const refused = await call(patchEndpointRoute, { method: "PATCH", path: "/x", key: company.key, params: { id: endpoint.id }, body: { isActive: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("webhook_unreachable");
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).isActive).toBe(false);
    // Redelivery to an inactive endpoint is refused.
    const early = await call(redeliverRoute, { method: "POST", path: "/x", key: company.key, params: { id: endpoint.id, deliveryId: failed.data[0].id } });
    expect(early.status).toBe(422);
    expect(early.body.code).toBe("webhook_endpoint_inactive");

    // With a live receiver at a new URL: ping answered, active again, health reset.
    const live = await receiver();
    const reactivated = await call(patchEndpointRoute, { method: "PATCH", path: "/x", key: company.key, params: { id: endpoint.id }, body: { isActive: true, url: live.url } });
    expect(reactivated.status, reactivated.text).toBe(200);
    expect(reactivated.body).toMatchObject({ isActive: true, consecutiveFailures: 0, disabledReason: null, disabledAt: null, url: live.url });
    expect(JSON.parse(live.received[0]!.body).type).toBe("webhook.ping");

    const original = failed.data[0];
    const redelivered = await call(redeliverRoute, { method: "POST", path: "/x", key: company.key, params: { id: endpoint.id, deliveryId: original.id } });
    expect(redelivered.status, redelivered.text).toBe(200);
    expect(redelivered.body).toMatchObject({ id: original.id, status: "SUCCEEDED", attempts: 6, eventId: original.eventId });
    expect(redelivered.body.attemptLog.at(-1)).toMatchObject({ attempt: 6, trigger: "MANUAL", responseStatus: 200 });
    const resent = live.received[1]!;
    expect(resent.body).toBe(original.payload);
    expect(resent.headers["x-webhook-delivery"]).toBe(original.id);
    expect(verifySignature(endpoint.secret, resent.headers["x-webhook-signature"] as string, resent.body).valid).toBe(true);
  });

  it("a 410 Gone answer fails the delivery without retry and disables the endpoint at once; a test event's 410 does not", async () => {
    const company = await createTestCompany();
    const gone = await receiver();
    const endpoint = await createEndpoint(company.key, { url: gone.url });
    gone.reply({ status: 410, body: "gone" });
    const tested = await call(testRoute, { method: "POST", path: "/x", key: company.key, params: { id: endpoint.id } });
    expect(tested.body).toMatchObject({ status: "FAILED", responseStatus: 410 });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).isActive).toBe(true);

    await documentWithOutcomeFor(company.companyId);
    await drainWebhooks(company.companyId);
    const [delivery] = (await deliveriesOf(company.key, endpoint.id, "?eventType=document.rejected")).data;
    expect(delivery).toMatchObject({ status: "FAILED", attempts: 1, responseStatus: 410, responseBody: "gone", errorMessage: "HTTP 410", nextAttemptAt: null });
    expect(gone.received.filter((r) => r.headers["x-webhook-event"] === "document.rejected")).toHaveLength(1);
    const disabled = (await call(getEndpointRoute, { path: "/x", key: company.key, params: { id: endpoint.id } })).body;
    expect(disabled).toMatchObject({ isActive: false, disabledReason: "the receiver answered 410 Gone", disabledAt: expect.any(String) });
    // Reactivation works as after any disabling: the ping must be answered.
    gone.reply({ status: 200 });
    const reactivated = await call(patchEndpointRoute, { method: "PATCH", path: "/x", key: company.key, params: { id: endpoint.id }, body: { isActive: true } });
    expect(reactivated.body).toMatchObject({ isActive: true, disabledReason: null });
  });

  it("legacy X-Service-* headers until 2027-02-01T00:00:00Z and never after; signatures use the attempt's time", async () => {
    const company = await createTestCompany();
    const hooks = await receiver();
    const endpoint = await createEndpoint(company.key, { url: hooks.url });
    setWebhookClockForTests(() => new Date("2027-01-31T23:59:59Z"));
    const before = await call(testRoute, { method: "POST", path: "/x", key: company.key, params: { id: endpoint.id } });
    expect(before.status, before.text).toBe(200);
    setWebhookClockForTests(() => new Date("2027-02-01T00:00:00Z"));
    const after = await call(testRoute, { method: "POST", path: "/x", key: company.key, params: { id: endpoint.id } });
    const [, beforeReq, afterReq] = hooks.received;
    expect(beforeReq!.headers["x-service-signature"]).toBe(beforeReq!.headers["x-webhook-signature"]);
    expect(verifySignature(endpoint.secret, beforeReq!.headers["x-webhook-signature"] as string, beforeReq!.body).t).toBe(Date.parse("2027-01-31T23:59:59Z") / 1000);
    expect(Object.keys(afterReq!.headers).filter((h) => h.startsWith("x-service-"))).toEqual([]);
    expect(verifySignature(endpoint.secret, afterReq!.headers["x-webhook-signature"] as string, afterReq!.body)).toEqual({ valid: true, t: Date.parse("2027-02-01T00:00:00Z") / 1000 });
    expect(JSON.parse(afterReq!.body)).toMatchObject({ type: "webhook.test", data: { message: expect.any(String), endpointId: endpoint.id } });
    expect(after.body).toMatchObject({ status: "SUCCEEDED", eventType: "webhook.test", attempts: 1, attemptLog: [{ trigger: "TEST" }] });
    // The support view shows the headers each attempt sent (signature included; the secret is never among them).
    for (const [response, request] of [[before, beforeReq!], [after, afterReq!]] as const) {
      const detail = await getWebhookDelivery({ companyId: company.companyId, deliveryId: response.body.id, withHeaders: true });
      const sent = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.startsWith("x-") || name === "user-agent" || name === "content-type"));
      expect(detail.attemptLog[0]!.requestHeaders).toEqual(sent);
      expect(JSON.stringify(detail)).not.toContain(endpoint.secret);
    }
  });

  it("rotate-secret: the new secret signs at once and the old one no longer verifies", async () => {
    const company = await createTestCompany();
    const hooks = await receiver();
    const endpoint = await createEndpoint(company.key, { url: hooks.url });
    const rotated = await call(rotateRoute, { method: "POST", path: "/x", key: company.key, params: { id: endpoint.id } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    await call(testRoute, { method: "POST", path: "/x", key: company.key, params: { id: endpoint.id } });
    const last = hooks.received.at(-1)!;
    expect(verifySignature(rotated.body.secret, last.headers["x-webhook-signature"] as string, last.body).valid).toBe(true);
    expect(verifySignature(endpoint.secret, last.headers["x-webhook-signature"] as string, last.body).valid).toBe(false);
    // Stored encrypted, never shown again.
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.secret.startsWith("aesgcm:")).toBe(true);
    expect(stored.secret).not.toContain(rotated.body.secret);
    const shown = await call(getEndpointRoute, { path: "/x", key: company.key, params: { id: endpoint.id } });
    expect(shown.body.secret).toBeUndefined();
  });

  it("another company's endpoints and deliveries are not found; lists are the key's company only", async () => {
    const owner = await createTestCompany();
    const other = await createTestCompany();
    const hooks = await receiver();
    const endpoint = await createEndpoint(owner.key, { url: hooks.url });
    const sent = await call(testRoute, { method: "POST", path: "/x", key: owner.key, params: { id: endpoint.id } });
    const params = { id: endpoint.id, deliveryId: sent.body.id };
    expect((await call(getEndpointRoute, { path: "/x", key: other.key, params })).status).toBe(404);
    expect((await call(patchEndpointRoute, { method: "PATCH", path: "/x", key: other.key, params, body: { description: "x" } })).status).toBe(404);
    expect((await call(listDeliveriesRoute, { path: "/x", key: other.key, params })).status).toBe(404);
    expect((await call(getDeliveryRoute, { path: "/x", key: other.key, params })).status).toBe(404);
    expect((await call(redeliverRoute, { method: "POST", path: "/x", key: other.key, params })).status).toBe(404);
    expect((await call(testRoute, { method: "POST", path: "/x", key: other.key, params })).status).toBe(404);
    expect((await call(listEndpointsRoute, { path: "/v1/webhooks", key: other.key })).body.meta.total).toBe(0);
    expect((await call(listEndpointsRoute, { path: "/v1/webhooks", key: owner.key })).body.data.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    // The read scope cannot write.
    const readOnly = await createTestCompany({ scopes: ["webhooks:read"] });
    expect((await call(createEndpointRoute, { method: "POST", path: "/v1/webhooks", key: readOnly.key, body: { url: hooks.url } })).status).toBe(403);
  });

  it("refuses unsafe URLs at save time without connecting: 400 for scheme/credentials, 422 invalid_webhook_url for non-public hosts", async () => {
    applyWebhookTestSettings({ allowedHosts: "" });
    try {
      const company = await createTestCompany();
      const create = (url: string) => call(createEndpointRoute, { method: "POST", path: "/v1/webhooks", key: company.key, body: { url } });
      for (const url of ["not a url", "http://example.com/hooks", "ftp://example.com/x", "https://user:pass@example.com/x"]) {
        const res = await create(url);
        expect(res.status, url).toBe(400);
        expect(res.body.code).toBe("validation_error");
      }
      for (const url of [
        "https://127.0.0.1/x", "https://2130706433/x", "https://0x7f.1/x", "https://017700000001/x", "https://[::1]/x", "https://[::ffff:127.0.0.1]/x",
        "https://10.0.0.8/x", "https://192.168.0.1/x", "https://169.254.169.254/latest/meta-data", "https://[fd00:ec2::254]/x", "https://100.64.0.1/x",
        "https://224.0.0.1/x", "https://0.0.0.0/x", "https://[fe80::1]/x", "https://localhost/x", "https://intranet/x",
      ]) {
        const res = await create(url);
        expect(res.status, url).toBe(422);
        expect(res.body.code, url).toBe("invalid_webhook_url");
      }
      expect(await db.webhookEndpoint.count({ where: { companyId: company.companyId } })).toBe(0);
    } finally {
      applyWebhookTestSettings();
    }
  });

  it("an unanswered ping stores nothing (422 webhook_unreachable)", async () => {
    const company = await createTestCompany();
    const hooks = await receiver();
    hooks.reply({ status: 503 });
    const res = await call(createEndpointRoute, { method: "POST", path: "/v1/webhooks", key: company.key, body: { url: hooks.url } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "webhook_unreachable", message: expect.stringContaining("HTTP 503") });
    expect(await db.webhookEndpoint.count({ where: { companyId: company.companyId } })).toBe(0);
  });
});

async function documentWithOutcomeFor(companyId: string) {
  // Outcomes of a company without the emitting fixture: a DomainEvent as recordDocumentOutcome writes it.
  return db.domainEvent.create({ data: { companyId, type: "document.rejected", environment: "HOMOLOGATION", documentType: "NFE", data: { documentId: null, rejectionReason: "999 - test" } } });
}
