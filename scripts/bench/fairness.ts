// `npm run bench:fairness` — the two starvation measurements of issue 34, item 8, each next to its
// control, in one process on a throwaway database, through the local worker's real claim:
// 1. Webhooks: tenant B's outcome→receipt (one endpoint on a receiver that answers at once), alone,
//    then while tenant A's outcomes go to 12 endpoints on a receiver that never answers. Real
//    delivery runs (webhook-deliver), WEBHOOK_DELIVERY_SLOTS slots (default 4), real signed POSTs.
// 2. Emission: an unrelated company's emission run (a 300 ms "send") from enqueue to finish, alone,
//    then while 8 companies of another authorizer (state) submit a document a second each and
//    every send of theirs hangs 12 s. The runs are
//    emission's (function id, concurrency key, company), their send a sleep: what is measured is
//    the wait for a slot, 8 slots as in `npm run worker`.
// Both should stay within 2× of their control. BENCH_FAIRNESS_CAPS=off runs without the caps
// (per-company delivery runs and per-authorizer emission runs) to show what they prevent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Inngest } from "inngest";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";

const CAPS = process.env.BENCH_FAIRNESS_CAPS !== "off";
const SLOTS = 8;
const HOSTILE_ENDPOINTS = 12;
const HOSTILE_COMPANIES = 8;
const SAMPLES = Number(process.env.BENCH_FAIRNESS_SAMPLES ?? 15);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const summary = (values: number[]) => ({ p50: percentile(values, 50), p90: percentile(values, 90) });
type Summary = ReturnType<typeof summary>;

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function webhookStarvation(): Promise<{ control: Summary; hostile: Summary }> {
  const [{ createTestCompany, db }, { startLocalWorker }, { deliverWebhooksFunction }, { deliverySlotLane }, { sealSecret }, { generateWebhookSecret }] = await Promise.all([
    import("@/test/factories"), import("@/lib/jobs/local-worker"), import("@/inngest/functions/deliver-webhooks"), import("@/lib/webhooks/config"),
    import("@/lib/webhooks/secret-store"), import("@/lib/webhooks/signature"),
  ]);
  const receipts = new Map<string, number>();
  const fast = await listen((request, response) => {
    receipts.set(String(request.headers["x-webhook-delivery"]), Date.now());
    request.resume();
    response.end("ok");
  });
  // Never answers: the sender's timeout ends each attempt.
  const dead = await listen((request) => request.resume());
  const tenantA = await createTestCompany();
  const tenantB = await createTestCompany();
  const endpoint = (companyId: string, url: string) => db.webhookEndpoint.create({ data: { companyId, url, secret: sealSecret(generateWebhookSecret()) } });
  const endpointB = await endpoint(tenantB.companyId, `${fast.url}/erp`);
  for (let i = 0; i < HOSTILE_ENDPOINTS; i++) await endpoint(tenantA.companyId, `${dead.url}/dead/${i}`);
  const lane = deliverySlotLane();
  const worker = startLocalWorker(db, [deliverWebhooksFunction], { concurrency: lane.slots, pollMs: 20, perAuthorizer: SLOTS, lanes: [{ ...lane, perCompany: CAPS ? lane.perCompany : 64 }] });

  const data = JSON.stringify({ documentId: "bench", externalId: null, type: "NFE", series: 1, number: 1, accessKey: "3".repeat(44), authorizationDate: new Date().toISOString(), protocolNumber: "135260000000001", rejectionReason: null, cancellationReason: null, totalValue: "100.00", environment: "HOMOLOGATION" });
  const outcome = (companyId: string) =>
    sql(getPool(), `INSERT INTO "DomainEvent" ("id", "companyId", "type", "environment", "documentType", "data", "createdAt")
      VALUES (gen_random_uuid()::text, $1, 'document.authorized', 'HOMOLOGATION', 'NFE', $2::jsonb, clock_timestamp() AT TIME ZONE 'UTC')`, [companyId, data]);
  const measureB = async (): Promise<Summary> => {
    const since = new Date();
    for (let i = 0; i < SAMPLES; i++) {
      await outcome(tenantB.companyId);
      await sleep(400);
    }
    const deadline = Date.now() + 180_000;
    for (;;) {
      const rows = await sql<{ id: string; outcomeAt: Date }>(getPool(),
        `SELECT d."id", e."createdAt" AS "outcomeAt" FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e."id" = d."eventId" WHERE d."endpointId" = $1 AND e."createdAt" >= $2::timestamp`,
        [endpointB.id, since.toISOString()]);
      if (rows.length === SAMPLES && rows.every((row) => receipts.has(row.id))) return summary(rows.map((row) => receipts.get(row.id)! - row.outcomeAt.getTime()));
      if (Date.now() > deadline) throw new Error("tenant B's webhooks did not all arrive in 180 s");
      await sleep(50);
    }
  };
  try {
    await measureB(); // warm-up: the first runs load the sender
    const control = await measureB();
    // Tenant A: an outcome every 300 ms to its 12 dead endpoints, from 3 s before B's until B's arrived.
    let hostile = true;
    const load = (async () => {
      while (hostile) {
        await outcome(tenantA.companyId);
        await sleep(300);
      }
    })();
    await sleep(3_000);
    const starved = await measureB();
    hostile = false;
    await load;
    return { control, hostile: starved };
  } finally {
    await sql(getPool(), `UPDATE "WebhookEndpoint" SET "isActive" = false`);
    dead.server.closeAllConnections();
    await worker.stop();
    fast.server.close();
    dead.server.close();
  }
}

async function emissionStarvation(): Promise<{ control: Summary; hostile: Summary }> {
  const [{ createTestCompany, db }, { startLocalWorker }, { enqueueRun }, { EMIT_DOCUMENT_FUNCTION_ID }] = await Promise.all([
    import("@/test/factories"), import("@/lib/jobs/local-worker"), import("@/lib/jobs/enqueue-run"), import("@/lib/emission/events"),
  ]);
  const client = new Inngest({ id: "bench-fairness" });
  const emission = client.createFunction({ id: EMIT_DOCUMENT_FUNCTION_ID, triggers: [{ event: "bench/fair-emission" }] }, async ({ event, step }) => {
    await step.run("send", () => sleep(event.data.sendMs as number));
  });
  const unrelated = await createTestCompany({ state: "SP" });
  const hostile = [];
  for (let i = 0; i < HOSTILE_COMPANIES; i++) hostile.push(await createTestCompany({ state: "MG", municipalityCode: "3106200" }));
  const worker = startLocalWorker(db, [emission], { concurrency: SLOTS, pollMs: 20, perAuthorizer: CAPS ? undefined : SLOTS });
  const emit = (companyId: string, sendMs: number) =>
    enqueueRun({ functionId: EMIT_DOCUMENT_FUNCTION_ID, eventName: "bench/fair-emission", data: { sendMs }, concurrencyKey: `${companyId}:55:1:HOMOLOGATION`, companyId });
  const measure = async (): Promise<Summary> => {
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const { runId } = await emit(unrelated.companyId, 300);
      for (;;) {
        const run = await db.backgroundRun.findUnique({ where: { id: runId }, select: { status: true, createdAt: true, finishedAt: true } });
        if (run?.status === "SUCCEEDED") {
          latencies.push(run.finishedAt!.getTime() - run.createdAt.getTime());
          break;
        }
        await sleep(10);
      }
    }
    return summary(latencies);
  };
  try {
    await measure();
    const control = await measure();
    // Each hostile company submits a document a second, and every send to their authorizer hangs 12 s.
    let hostileOn = true;
    const load = (async () => {
      while (hostileOn) {
        for (const company of hostile) await emit(company.companyId, 12_000);
        await sleep(1_000);
      }
    })();
    await sleep(1_500);
    const [busy] = await sql<{ running: number }>(getPool(), `SELECT count(*)::int AS "running" FROM "BackgroundRun" WHERE "status" = 'RUNNING'`);
    console.log(`emission: ${busy?.running} hostile runs hold slots of ${SLOTS}`);
    const starved = await measure();
    hostileOn = false;
    await load;
    return { control, hostile: starved };
  } finally {
    await sql(getPool(), `UPDATE "BackgroundRun" SET "status" = 'CANCELLED' WHERE "status" = 'QUEUED'`).catch(() => sql(getPool(), `DELETE FROM "BackgroundRun" WHERE "status" = 'QUEUED'`));
    await worker.stop();
  }
}

function row(label: string, result: { control: Summary; hostile: Summary }): string {
  const ratio = result.hostile.p50 / result.control.p50;
  return `| ${label} | ${result.control.p50.toFixed(0)} / ${result.control.p90.toFixed(0)} ms | ${result.hostile.p50.toFixed(0)} / ${result.hostile.p90.toFixed(0)} ms | ${ratio.toFixed(2)}× ${ratio <= 2 ? "(within 2×)" : "(ABOVE 2×)"} |`;
}

async function main(): Promise<void> {
  const database = await createThrowawayDatabase("fiscal_bench_fairness");
  process.env.DATABASE_URL = database.url;
  process.env.LOCAL_WORKER = "off";
  process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
  try {
    console.log(`Fairness (issue 34, item 8), caps ${CAPS ? "on" : "off"}, ${SAMPLES} samples each; p50 / p90`);
    // BENCH_FAIRNESS_ONLY=webhooks or emission runs one of the two.
    const only = process.env.BENCH_FAIRNESS_ONLY;
    const webhooks = only === "emission" ? null : await webhookStarvation();
    const emission = only === "webhooks" ? null : await emissionStarvation();
    console.log("| measurement | control | with the hostile tenant / authorizer | p50 ratio |");
    console.log("|---|---|---|---|");
    if (webhooks) console.log(row(`tenant B's outcome→receipt; tenant A: ${HOSTILE_ENDPOINTS} endpoints that never answer`, webhooks));
    if (emission) console.log(row(`unrelated company's emission run (300 ms send); ${HOSTILE_COMPANIES} companies of one authorizer hang 12 s`, emission));
  } finally {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    await database.drop();
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
