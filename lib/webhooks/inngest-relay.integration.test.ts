import http from "node:http";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deliverWebhooksFunction } from "@/inngest/functions/deliver-webhooks";
import { resetEnvCache } from "@/lib/config/env";
import { forwardQueuedRuns } from "@/lib/jobs/forward-queued-runs";
import { createTestCompany, db } from "@/test/factories";
import { DELIVER_WEBHOOKS_EVENT, DELIVER_WEBHOOKS_FUNCTION_ID } from "./events";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint, documentWithOutcome } from "./testing/webhook-fixtures";
import { WEBHOOK_GATHER_MS, WEBHOOK_RUN_CADENCE_MS } from "./config";

// With INNGEST_EVENT_KEY set, the delivery runs the fan-out trigger queues are
// sent to Inngest by the relay. Inngest's event API is played by a server on
// 127.0.0.1 that records what it is sent; the events it got are then run
// through the real function (@inngest/test, steps not mocked) against PostgreSQL.

// The Inngest client reads its settings when it is created (at import): set
// before any import, with the fake event API on this worktree's own port.
const EVENT_API_PORT = 3101;
vi.hoisted(() => {
  process.env.INNGEST_EVENT_KEY = "test-event-key";
  process.env.INNGEST_BASE_URL = "http://127.0.0.1:3101";
});

type SentEvent = { id: string; name: string; data: { endpointId: string; companyId: string; runId: string } };

let eventApi: http.Server;
const sent: SentEvent[] = [];
let eventApiStatus = 200;
let receiver: Receiver;

beforeAll(async () => {
  applyWebhookTestSettings();
  receiver = await startReceiver();
  eventApi = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (eventApiStatus !== 200) {
        response.writeHead(eventApiStatus, { "content-type": "application/json" }).end(JSON.stringify({ error: "unavailable" }));
        return;
      }
      const events = [JSON.parse(Buffer.concat(chunks).toString("utf8"))].flat() as SentEvent[];
      sent.push(...events);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ids: events.map((e) => e.id), status: 200 }));
    });
  });
  await new Promise<void>((resolve) => eventApi.listen(EVENT_API_PORT, "127.0.0.1", resolve));
});

afterAll(async () => {
  delete process.env.INNGEST_EVENT_KEY;
  delete process.env.INNGEST_BASE_URL;
  resetEnvCache();
  await receiver.close();
  await new Promise((resolve) => eventApi.close(resolve));
});

const pastGatheringWindow = () => new Promise((resolve) => setTimeout(resolve, WEBHOOK_GATHER_MS + 50));

describe("webhook delivery runs with the Inngest driver", () => {
  it("the relay sends each queued run's event once (run id as event id), and the function delivers and records the run", async () => {
    const company = await createTestCompany();
    const endpoint = await createEndpoint(company.key, { url: receiver.url });
    const relay = { functionIds: [DELIVER_WEBHOOKS_FUNCTION_ID], companyIds: [company.companyId] };

    const document = await documentWithOutcome(company.companyId);
    const [queued] = await db.backgroundRun.findMany({ where: { companyId: company.companyId, functionId: DELIVER_WEBHOOKS_FUNCTION_ID } });
    expect(queued).toMatchObject({ status: "QUEUED", forwardedAt: null });
    // Due at the end of its gathering window (the relay forwards due runs only).
    expect(queued!.runAt.getTime() - queued!.createdAt.getTime()).toBe(WEBHOOK_GATHER_MS);
    await pastGatheringWindow();

    // Inngest refuses: nothing is marked, the next poll sends the same event id again.
    eventApiStatus = 503;
    await expect(forwardQueuedRuns(relay)).rejects.toThrow();
    expect(await db.backgroundRun.findUniqueOrThrow({ where: { id: queued!.id } })).toMatchObject({ forwardedAt: null, leaseUntil: null });
    eventApiStatus = 200;
    expect(await forwardQueuedRuns(relay)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: queued!.id, name: DELIVER_WEBHOOKS_EVENT, data: { endpointId: endpoint.id, companyId: company.companyId, runId: queued!.id } });
    expect(await forwardQueuedRuns(relay)).toBe(0);
    expect(sent).toHaveLength(1);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: queued!.id } })).forwardedAt).not.toBeNull();

    // Inngest runs the function with that event: the delivery goes out and the row follows the run.
    const { result } = await new InngestTestEngine({ function: deliverWebhooksFunction, events: [{ id: sent[0]!.id, name: sent[0]!.name, data: sent[0]!.data }] }).execute();
    expect(result).toMatchObject({ attempted: 1, succeeded: 1 });
    const delivered = receiver.received.filter((r) => r.headers["x-webhook-event"] === "document.authorized");
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0]!.body).data.documentId).toBe(document.id);
    expect(await db.backgroundRun.findUniqueOrThrow({ where: { id: queued!.id } })).toMatchObject({ status: "SUCCEEDED", startedAt: expect.any(Date), finishedAt: expect.any(Date) });
    expect(await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).toMatchObject({ status: "SUCCEEDED", attempts: 1 });

    // The next outcome queues a run of its own (the forwarded one has run), due a run cadence after that one started; the relay sends it then.
    await documentWithOutcome(company.companyId, "document.rejected");
    const next = await db.backgroundRun.findFirstOrThrow({ where: { companyId: company.companyId, functionId: DELIVER_WEBHOOKS_FUNCTION_ID, status: "QUEUED" } });
    const started = (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).lastDeliveryRunAt!;
    expect(next.runAt.getTime()).toBe(Math.max(started.getTime() + WEBHOOK_RUN_CADENCE_MS, next.createdAt.getTime() + WEBHOOK_GATHER_MS));
    await new Promise((resolve) => setTimeout(resolve, next.runAt.getTime() - Date.now() + 50));
    expect(await forwardQueuedRuns(relay)).toBe(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.id).not.toBe(queued!.id);
    expect(sent[1]!.data).toMatchObject({ endpointId: endpoint.id });
  });
});
