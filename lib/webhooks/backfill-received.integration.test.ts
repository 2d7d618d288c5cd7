import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReceivedDocument } from "@prisma/client";
import { recordReceivedDocumentEvent } from "@/lib/events/received-document-outcome";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { POST as backfillRoute } from "@/app/v1/webhooks/backfill/route";
import { GET as backfillRunRoute } from "@/app/v1/webhooks/backfill/[runId]/route";
import { POST as redispatchReceivedRoute } from "@/app/v1/received-documents/[id]/webhook/route";
import { POST as redeliverRoute } from "@/app/v1/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint, documentWithOutcome, drainWebhooks } from "./testing/webhook-fixtures";

// Backfill covers received NF-e (lib/received) by issue date, as
// received_document.created, when an active endpoint is subscribed to that
// event; onlyMissing skips one whose created event was delivered (or is
// pending), automatic or backfilled; a delivery of it can be redelivered.

let documents: Receiver;
let received: Receiver;
beforeAll(async () => {
  applyWebhookTestSettings();
  documents = await startReceiver();
  received = await startReceiver();
});
afterAll(async () => {
  await documents.close();
  await received.close();
});

let keySeq = 0;
async function receivedDocument(companyId: string, issueDate: string): Promise<ReceivedDocument> {
  keySeq++;
  const accessKey = `3526${String(Date.now()).slice(-10)}${String(keySeq).padStart(4, "0")}`.padEnd(44, "7");
  return db.$transaction(async (tx) => {
    const document = await tx.receivedDocument.create({
      data: {
        companyId, environment: "HOMOLOGATION", accessKey, issuerDocument: "11222333000181", issuerName: "Fornecedor Teste Ltda",
        issueDate: new Date(issueDate), totalValue: "150.25", operation: "SAIDA", authorityStatus: "AUTHORIZED", nsu: String(keySeq).padStart(15, "0"),
      },
    });
    await recordReceivedDocumentEvent(tx, document, "created");
    return document;
  });
}

// More calls than the limit of 5 per minute (tested in webhooks-api): the company's counter is cleared before each.
async function backfill(key: string, body: Record<string, unknown>) {
  await db.rateLimitCounter.deleteMany({ where: { key: { startsWith: "webhook-backfill:" } } });
  return call(backfillRoute, { method: "POST", path: "/v1/webhooks/backfill", key, body });
}
const range = { from: "2026-11-01T00:00:00Z", to: "2026-11-30T23:59:59Z" };
// Creating an endpoint pings it (webhook.ping): left out.
const bodies = (receiver: Receiver) =>
  receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> }).filter((b) => b.type !== "webhook.ping");

describe("backfill of received documents", () => {
  it("sends received_document.created for received NF-e issued in the range, to the endpoints subscribed to it, once (onlyMissing); redelivery works", async () => {
    const company = await createTestCompany();
    // Before any endpoint: no webhook event is written for any of them.
    const draft = await documentWithOutcome(company.companyId);
    const issued = await db.fiscalDocument.update({ where: { id: draft.id }, data: { issueDateTime: new Date("2026-11-10T10:00:00Z") } });
    const older = await receivedDocument(company.companyId, "2026-11-03T10:00:00Z");
    const newer = await receivedDocument(company.companyId, "2026-11-20T10:00:00Z");
    await receivedDocument(company.companyId, "2026-10-20T10:00:00Z"); // outside the range
    expect(await db.webhookEvent.count({ where: { companyId: company.companyId } })).toBe(0);

    // Only an endpoint for issued documents: received ones are not part of the run.
    await createEndpoint(company.key, { url: documents.url, events: ["DOCUMENT_AUTHORIZED"] });
    expect((await backfill(company.key, { ...range, dryRun: true })).body).toEqual({ dryRun: true, matched: 1, truncated: false });

    const receivedOnly = await createEndpoint(company.key, { url: received.url, events: ["RECEIVED_DOCUMENT_CREATED"] });
    expect((await backfill(company.key, { ...range, dryRun: true })).body).toEqual({ dryRun: true, matched: 3, truncated: false });
    // Received NF-e are NFE for the types filter, and keep their environment.
    expect((await backfill(company.key, { ...range, dryRun: true, types: ["NFSE"] })).body).toEqual({ dryRun: true, matched: 0, truncated: false });
    const production = issued.environment === "PRODUCTION" ? 1 : 0;
    expect((await backfill(company.key, { ...range, dryRun: true, types: ["NFE"], environment: "PRODUCTION" })).body).toEqual({ dryRun: true, matched: production, truncated: false });

    // One run over both kinds.
    const started = await backfill(company.key, range);
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ matched: 3, truncated: false });
    await drainWebhooks(company.companyId);
    const run = await call(backfillRunRoute, { path: "/x", key: company.key, params: { runId: started.body.runId as string } });
    expect(run.body).toMatchObject({ status: "SUCCEEDED", matched: 3, dispatched: 3, deliveries: 3 });
    const order = await db.webhookEvent.findMany({ where: { companyId: company.companyId, origin: "BACKFILL" }, select: { type: true } });
    expect(order.map((e) => e.type).sort()).toEqual(["document.authorized", "received_document.created", "received_document.created"]);

    expect(bodies(documents).map((b) => b.type)).toEqual(["document.authorized"]);
    const sent = bodies(received);
    expect(sent.map((b) => b.type)).toEqual(["received_document.created", "received_document.created"]);
    expect(sent.map((b) => b.data.receivedDocumentId).sort()).toEqual([older.id, newer.id].sort());
    expect(sent.find((b) => b.data.receivedDocumentId === older.id)!.data).toEqual({
      receivedDocumentId: older.id, documentType: "NFE", change: "created", accessKey: older.accessKey, issuerDocument: "11222333000181", issuerName: "Fornecedor Teste Ltda",
      issueDate: "2026-11-03T10:00:00.000Z", totalValue: "150.25", authorityStatus: "AUTHORIZED", manifestation: "PENDING", hasXml: false, environment: "HOMOLOGATION",
    });
    const deliveries = await db.webhookDelivery.findMany({ where: { companyId: company.companyId, eventType: "received_document.created" } });
    expect(deliveries.map((d) => [d.endpointId, d.status, d.documentId, d.documentType])).toEqual([
      [receivedOnly.id, "SUCCEEDED", null, "NFE"],
      [receivedOnly.id, "SUCCEEDED", null, "NFE"],
    ]);

    // onlyMissing: nothing left (without it: the issued one and three received); a new received NF-e, delivered by its own outcome, is not missing either.
    expect((await backfill(company.key, { ...range, dryRun: true })).body).toEqual({ dryRun: true, matched: 0, truncated: false });
    await receivedDocument(company.companyId, "2026-11-25T10:00:00Z");
    await drainWebhooks(company.companyId);
    expect(bodies(received)).toHaveLength(3);
    expect((await backfill(company.key, { ...range, dryRun: true })).body).toEqual({ dryRun: true, matched: 0, truncated: false });
    expect((await backfill(company.key, { ...range, dryRun: true, onlyMissing: false })).body).toEqual({ dryRun: true, matched: 4, truncated: false });

    // A FAILED delivery counts as missing.
    await db.webhookDelivery.updateMany({ where: { eventId: deliveries[0]!.eventId }, data: { status: "FAILED" } });
    expect((await backfill(company.key, { ...range, dryRun: true })).body).toEqual({ dryRun: true, matched: 1, truncated: false });

    // Redelivery of a received_document.created delivery: the same event, sent again.
    const again = await call(redeliverRoute, { method: "POST", path: "/x", key: company.key, params: { id: receivedOnly.id, deliveryId: deliveries[1]!.id } });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ id: deliveries[1]!.id, status: "SUCCEEDED", eventType: "received_document.created" });
    const last = bodies(received).at(-1)!;
    expect(last.type).toBe("received_document.created");
    expect(last.id).toBe(`evt_${deliveries[1]!.eventId}`);
  }, 120_000);

  it("re-dispatch of a received NF-e: received_document.created with a new event id to the subscribed endpoints; 422 without one; another company's is 404", async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    const document = await receivedDocument(company.companyId, "2026-11-05T10:00:00Z");
    const redispatch = (key: string, id: string) => call(redispatchReceivedRoute, { method: "POST", path: "/x", key, params: { id } });

    const none = await redispatch(company.key, document.id);
    expect(none.status, none.text).toBe(422);
    expect(none.body.code).toBe("no_active_webhook_endpoint");
    expect(await db.webhookEvent.count({ where: { companyId: company.companyId } })).toBe(0);

    const before = bodies(received).length;
    await createEndpoint(company.key, { url: documents.url, events: ["DOCUMENT_AUTHORIZED"] });
    expect((await redispatch(company.key, document.id)).status).toBe(422);
    await createEndpoint(company.key, { url: received.url, events: ["RECEIVED_DOCUMENT_CREATED"] });
    const sent = await redispatch(company.key, document.id);
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toEqual({ dispatched: 1 });
    await drainWebhooks(company.companyId);
    const [body] = bodies(received).slice(before);
    expect(body).toMatchObject({ type: "received_document.created", data: { receivedDocumentId: document.id, change: "created", manifestation: "PENDING" } });
    const events = await db.webhookEvent.findMany({ where: { companyId: company.companyId, type: "received_document.created" } });
    expect(events.map((e) => e.origin)).toEqual(["REDISPATCH"]);

    expect((await redispatch(other.key, document.id)).status).toBe(404);
  }, 60_000);
});
