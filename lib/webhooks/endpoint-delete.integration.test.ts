import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { inSqlTransaction } from "@/lib/db/sql";
import { createTestCompany, db } from "@/test/factories";
import { deleteWebhookEndpoint } from "./endpoints";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint, recordBareOutcome } from "./testing/webhook-fixtures";

// Deliveries have no foreign key to their endpoint (migration 20261126230000_webhook_settle_leaner):
// deleting an endpoint deletes them itself, and an outcome being written holds the endpoint's row
// (key share) so that its deliveries cannot outlive an endpoint deleted meanwhile.

let receiver: Receiver;
beforeAll(async () => {
  applyWebhookTestSettings();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("deleting a webhook endpoint", () => {
  it("deletes its deliveries and leaves the other endpoint's", async () => {
    const company = await createTestCompany();
    const kept = await createEndpoint(company.key, { url: receiver.url });
    const deleted = await createEndpoint(company.key, { url: receiver.url });
    await recordBareOutcome(getPool(), company.companyId);
    expect(await db.webhookDelivery.count({ where: { endpointId: { in: [kept.id, deleted.id] } } })).toBe(2);

    await deleteWebhookEndpoint({ companyId: company.companyId, endpointId: deleted.id });
    expect(await db.webhookEndpoint.count({ where: { id: deleted.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: deleted.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: kept.id } })).toBe(1);
  });

  it("waits for an outcome being written for it, then deletes that outcome's delivery too", async () => {
    const company = await createTestCompany();
    const endpoint = await createEndpoint(company.key, { url: receiver.url });
    let deletion: Promise<void> | undefined;
    let deletedEarly = false;
    await inSqlTransaction(async (client) => {
      await recordBareOutcome(client, company.companyId);
      deletion = deleteWebhookEndpoint({ companyId: company.companyId, endpointId: endpoint.id }).then(() => {
        deletedEarly = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The endpoint's row is held by this uncommitted outcome: the deletion waits.
      expect(deletedEarly).toBe(false);
    });
    await deletion;
    expect(await db.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    // The outcome itself committed, with its webhook event.
    expect(await db.webhookEvent.count({ where: { companyId: company.companyId } })).toBe(1);
  });

  it("another company's endpoint is not found, and nothing of it is deleted", async () => {
    const owner = await createTestCompany();
    const stranger = await createTestCompany();
    const endpoint = await createEndpoint(owner.key, { url: receiver.url });
    await recordBareOutcome(getPool(), owner.companyId);
    await expect(deleteWebhookEndpoint({ companyId: stranger.companyId, endpointId: endpoint.id })).rejects.toMatchObject({ status: 404 });
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });
});
