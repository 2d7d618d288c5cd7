import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createDraft } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInUser } from "@/test/session";
import { GET as listRoute, POST as createRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/route";
import { DELETE as deleteRoute, PATCH as patchRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/[id]/route";
import { POST as rotateRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/[id]/rotate-secret/route";
import { POST as testRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/[id]/test/route";
import { POST as redeliverRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { GET as searchRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/deliveries/route";
import { GET as deliveryRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/deliveries/[deliveryId]/route";
import { GET as backfillsRoute, POST as backfillRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/backfill/route";
import { GET as backfillRunRoute } from "@/app/api/dashboard/companies/[companyId]/webhooks/backfill/[runId]/route";
import { GET as documentDeliveriesRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/webhook-deliveries/route";
import { POST as redispatchRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/webhook/route";
import { startReceiver, verifySignature, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, documentWithOutcome, drainWebhooks } from "./testing/webhook-fixtures";

// The support screens' dashboard routes (issue 13 items 1–4, 6): the webhook
// role sets enforced on the server, the cross-endpoint search, a delivery's
// headers without the secret, a document's deliveries and re-dispatch, and the
// backfill history naming the user who started it. Receiver on 127.0.0.1 only.

process.env.NEXTAUTH_SECRET = "support-dashboard-webhooks-secret";
applyWebhookTestSettings();
const fixture = simulatorCompanyFixture();

let company: TestCompany;
let hooks: Receiver;
let admin: { cookie: string };
let support: { cookie: string; email: string };
const range = { from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z" };

function as(user: { cookie: string }, params: Record<string, string> = {}) {
  return { headers: { cookie: user.cookie }, params: { companyId: company.companyId, ...params }, path: `/api/dashboard/companies/${company.companyId}/webhooks` };
}

beforeAll(async () => {
  applyWebhookTestSettings();
  company = fixture.company;
  hooks = await startReceiver();
  admin = await signedInUser(company.tenantId, "ACCOUNTANT");
  support = await signedInUser(company.tenantId, "SUPPORT");
});
afterAll(async () => {
  await hooks.close();
});

describe("support dashboard webhook routes", () => {
  it("only ADMIN/ACCOUNTANT manage endpoints; SUPPORT sends test events, redelivers, re-dispatches and backfills", async () => {
    const refused = await call(createRoute, { ...as(support), method: "POST", body: { url: hooks.url } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden_role");
    expect(hooks.received).toHaveLength(0); // refused before any ping

    const created = await call(createRoute, { ...as(admin), method: "POST", body: { url: hooks.url, events: ["DOCUMENT_AUTHORIZED"] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    expect(JSON.parse(hooks.received[0]!.body).type).toBe("webhook.ping");
    const endpointId: string = created.body.id;
    const id = { id: endpointId };

    for (const [route, method] of [[patchRoute, "PATCH"], [deleteRoute, "DELETE"], [rotateRoute, "POST"]] as const) {
      const res = await call(route, { ...as(support, id), method, body: method === "PATCH" ? { description: "x" } : undefined });
      expect({ method, status: res.status, code: res.body?.code }).toEqual({ method, status: 403, code: "forbidden_role" });
    }

    const test = await call(testRoute, { ...as(support, id), method: "POST" });
    expect(test.status, test.text).toBe(200);
    expect(test.body).toMatchObject({ eventType: "webhook.test", status: "SUCCEEDED", attempts: 1 });

    // The list shows each endpoint's newest delivery.
    const list = await call(listRoute, as(support));
    expect(list.body.data).toEqual([expect.objectContaining({ id: endpointId, lastDelivery: { status: "SUCCEEDED", responseStatus: 200, at: test.body.createdAt } })]);

    const redelivered = await call(redeliverRoute, { ...as(support, { ...id, deliveryId: test.body.id }), method: "POST" });
    expect(redelivered.status, redelivered.text).toBe(200);
    expect(redelivered.body.attempts).toBe(2);
    expect(redelivered.body.attemptLog.map((a: { trigger: string }) => a.trigger)).toEqual(["TEST", "MANUAL"]);
    // Same bytes both times (same event id).
    expect(hooks.received.at(-1)!.body).toBe(hooks.received.at(-2)!.body);

    // The delivery page: headers as sent, signature verifiable with the secret, the secret itself nowhere.
    const detail = await call(deliveryRoute, { ...as(support, { deliveryId: test.body.id }) });
    expect(detail.status).toBe(200);
    const headers = detail.body.attemptLog[1].requestHeaders as Record<string, string>;
    const signature = Object.entries(headers).find(([name]) => name.toLowerCase() === "x-webhook-signature")?.[1];
    expect(signature).toBe(hooks.received.at(-1)!.headers["x-webhook-signature"]);
    expect(verifySignature(created.body.secret, signature!, hooks.received.at(-1)!.body).valid).toBe(true);
    expect(detail.text).not.toContain(created.body.secret);

    const rotated = await call(rotateRoute, { ...as(admin, id), method: "POST" });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect((await call(deleteRoute, { ...as(admin, id), method: "DELETE" })).status).toBe(204);
  });

  it("searches deliveries by access key and document id, lists a document's deliveries and re-dispatches with plain errors", async () => {
    const created = await call(createRoute, { ...as(admin), method: "POST", body: { url: hooks.url } });
    expect(created.status).toBe(201);
    const document = await authorizedDocument(company.companyId);
    expect(document.accessKey).toMatch(/^\d{44}$/);
    await drainWebhooks(company.companyId);

    const byKey = await call(searchRoute, { ...as(support), path: `/x?search=${document.accessKey}` });
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.body.data).toEqual([expect.objectContaining({ documentId: document.id, eventType: "document.authorized", status: "SUCCEEDED" })]);
    const byDocument = await call(searchRoute, { ...as(support), path: `/x?search=${document.id}&status=SUCCEEDED&documentType=NFE&environment=HOMOLOGATION` });
    expect(byDocument.body.data.map((d: { id: string }) => d.id)).toEqual(byKey.body.data.map((d: { id: string }) => d.id));
    expect((await call(searchRoute, { ...as(support), path: `/x?search=${document.id}&status=FAILED` })).body.data).toEqual([]);
    // What support is told by a caller: the order id, the note's number, part of the client's name.
    await db.fiscalDocument.update({ where: { id: document.id }, data: { externalId: "pedido-7781" } });
    const client = await db.client.findUniqueOrThrow({ where: { id: document.clientId! } });
    const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((d) => d.id);
    for (const term of ["pedido-7781", String(document.number), client.name.slice(1, 7).toUpperCase()]) {
      const found = await call(searchRoute, { ...as(support), path: `/x?search=${encodeURIComponent(term)}` });
      expect(found.status, found.text).toBe(200);
      expect(ids(found), term).toEqual(expect.arrayContaining(ids(byKey)));
    }
    expect((await call(searchRoute, { ...as(support), path: `/x?search=pedido-que-nao-existe` })).body.data).toEqual([]);

    const docParams = { documentId: document.id };
    const resent = await call(redispatchRoute, { ...as(support, docParams), method: "POST" });
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toEqual({ dispatched: 1 });
    await drainWebhooks(company.companyId);
    const deliveries = await call(documentDeliveriesRoute, as(support, docParams));
    expect(deliveries.body.data).toHaveLength(2);
    expect(new Set(deliveries.body.data.map((d: { eventId: string }) => d.eventId)).size).toBe(2); // a new event id

    const draft = await createDraft(company.companyId);
    const noOutcome = await call(redispatchRoute, { ...as(support, { documentId: draft.id }), method: "POST" });
    expect(noOutcome.status).toBe(422);
    expect(noOutcome.body.code).toBe("document_without_outcome");
  });

  it("backfill from the dashboard: dry run, a run followed to the end, history with the user who started it", async () => {
    await documentWithOutcome(company.companyId, "document.rejected");
    const dry = await call(backfillRoute, { ...as(support), method: "POST", body: { ...range, onlyMissing: false, dryRun: true } });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toEqual({ dryRun: true, matched: expect.any(Number), truncated: false });
    expect(dry.body.matched).toBeGreaterThan(0);
    const started = await call(backfillRoute, { ...as(support), method: "POST", body: { ...range, onlyMissing: false } });
    expect(started.status, started.text).toBe(202);
    await drainWebhooks(company.companyId);
    const run = await call(backfillRunRoute, as(support, { runId: started.body.runId }));
    expect(run.body).toMatchObject({ status: "SUCCEEDED", matched: dry.body.matched, dispatched: dry.body.matched });
    const history = await call(backfillsRoute, as(support));
    expect(history.body.data[0]).toMatchObject({ runId: started.body.runId, actor: { kind: "user", email: support.email } });
  });

  it("another tenant's user and another company's ids behave as not found", async () => {
    const stranger = await createTestCompany();
    const outsider = await signedInUser(stranger.tenantId, "ADMIN");
    expect((await call(listRoute, as(outsider))).status).toBe(404);
    const mine = await db.webhookDelivery.findFirstOrThrow({ where: { companyId: company.companyId } });
    const strangerView = { headers: { cookie: outsider.cookie }, params: { companyId: stranger.companyId, deliveryId: mine.id }, path: "/x" };
    expect((await call(deliveryRoute, strangerView)).status).toBe(404);
    expect((await call(searchRoute, { ...strangerView, path: `/x?search=${mine.id}` })).body.data).toEqual([]);
  });
});
