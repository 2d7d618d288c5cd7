import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCertificate } from "@/lib/certificates/create-test-certificate";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/route";
import { POST as testRoute } from "@/app/v1/webhooks/[id]/test/route";
import { postWebhook } from "./http-sender";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint } from "./testing/webhook-fixtures";

// Failures only a real socket shows: the spec's 10 s answer timeout against a
// receiver on 127.0.0.1 that never answers, and a TLS failure against an
// HTTPS receiver on 127.0.0.1 with a self-signed certificate.

let receiver: Receiver;
let tlsServer: https.Server;
let tlsUrl: string;

beforeAll(async () => {
  applyWebhookTestSettings();
  receiver = await startReceiver();
  const { pfx, password } = createTestCertificate({ cnpj: "11222333000181", legalName: "Receptor Autoassinado" });
  tlsServer = https.createServer({ pfx, passphrase: password }, (_request, response) => response.writeHead(200).end("ok"));
  await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
  tlsUrl = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  await receiver.close();
  tlsServer.closeAllConnections();
  await new Promise((resolve) => tlsServer.close(resolve));
});

const sendTest = (key: string, id: string) => call(testRoute, { method: "POST", path: `/v1/webhooks/${id}/test`, key, params: { id } });

describe("the webhook sender against receivers that fail on the wire", () => {
  it("a receiver that never answers: the attempt ends after 10 s as a timeout", async () => {
    const company = await createTestCompany();
    const endpoint = await createEndpoint(company.key, { url: receiver.url });
    // The ping was answered; from now on the receiver holds every request without answering.
    receiver.reply({ delayMs: 60_000 });
    const started = Date.now();
    const res = await sendTest(company.key, endpoint.id);
    const elapsed = Date.now() - started;
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "FAILED", attempts: 1, responseStatus: null, errorMessage: "timeout: no complete answer within 10 s" });
    const [attempt] = res.body.attemptLog as Array<{ durationMs: number; errorMessage: string }>;
    expect(attempt!.errorMessage).toBe("timeout: no complete answer within 10 s");
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(9_900);
    expect(attempt!.durationMs).toBeLessThan(12_000);
    expect(elapsed).toBeGreaterThanOrEqual(9_900);
    receiver.reply({ status: 200, body: "ok" });
  }, 30_000);

  // A delivery run's batch shares one deadline (lib/webhooks/deliver-due.ts): the sender listens to it once
  // and aborts only the requests still waiting when it fires.
  it("requests sharing one deadline: those answered keep their answer, those still waiting end as timeouts when it fires", async () => {
    const deadline = AbortSignal.timeout(3_000);
    const headers = { "content-type": "application/json" };
    const answered = await Promise.all([1, 2].map((n) => postWebhook(receiver.url, `{"n":${n}}`, headers, deadline)));
    expect(answered.map((a) => [a.ok, a.responseStatus])).toEqual([[true, 200], [true, 200]]);
    receiver.reply({ delayMs: 60_000 });
    const started = Date.now();
    const waiting = await Promise.all([3, 4, 5].map((n) => postWebhook(receiver.url, `{"n":${n}}`, headers, deadline)));
    expect(waiting.map((a) => [a.ok, a.responseStatus, a.errorMessage])).toEqual(Array(3).fill([false, null, "timeout: no complete answer within 10 s"]));
    // Well before undici's own 10 s answer timeout: the shared deadline ended them.
    expect(Date.now() - started).toBeLessThan(8_000);
    // Past its deadline the signal refuses new requests at once.
    expect(await postWebhook(receiver.url, "{}", headers, deadline)).toMatchObject({ ok: false, errorMessage: "timeout: no complete answer within 10 s" });
    receiver.reply({ status: 200, body: "ok" });
    expect(await postWebhook(receiver.url, "{}", headers)).toMatchObject({ ok: true, responseStatus: 200 });
  }, 30_000);

  // The certificate is self-signed and made for clients (ICP-Brasil A1 style): OpenSSL reports the purpose first.
  it("an HTTPS receiver with a self-signed certificate: refused at creation and classified TLS on an attempt", async () => {
    const company = await createTestCompany();
    const refused = await call(createEndpointRoute, { method: "POST", path: "/v1/webhooks", key: company.key, body: { url: tlsUrl } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "webhook_unreachable", message: expect.stringMatching(/TLS: [A-Z_]+/) });
    expect(await db.webhookEndpoint.count({ where: { companyId: company.companyId } })).toBe(0);

    // An endpoint whose host later serves a certificate that does not verify (URL moved under it, as a DNS change would).
    const endpoint = await createEndpoint(company.key, { url: receiver.url });
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: tlsUrl } });
    const res = await sendTest(company.key, endpoint.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "FAILED", attempts: 1, responseStatus: null, errorMessage: expect.stringMatching(/^TLS: [A-Z_]+$/) });
  });
});
