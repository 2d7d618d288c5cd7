import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillWebhooksFunction } from "@/inngest/functions/backfill-webhooks";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { POST as backfillRoute } from "@/app/v1/webhooks/backfill/route";
import { GET as backfillRunRoute } from "@/app/v1/webhooks/backfill/[runId]/route";
import { BACKFILL_MAX_DOCUMENTS } from "./config";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint, documentWithOutcome } from "./testing/webhook-fixtures";

// A backfill covers at most 5,000 documents, oldest issue date first, and says
// so (truncated: true). 5,001 documents with an outcome are seeded with SQL:
// one made the usual way, cloned with later issue times.

let receiver: Receiver;
beforeAll(async () => {
  applyWebhookTestSettings();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const SEEDED = BACKFILL_MAX_DOCUMENTS + 1;

async function seedAuthorizedDocuments(companyId: string): Promise<{ first: string; newest: string }> {
  const original = await documentWithOutcome(companyId);
  const columns = (await sql<{ name: string }>(getPool(), `SELECT column_name AS "name" FROM information_schema.columns WHERE table_name = 'FiscalDocument' AND table_schema = current_schema()`))
    .map((c) => c.name)
    .filter((name) => !["id", "accessKey", "issueDateTime"].includes(name))
    .map((name) => `"${name}"`);
  // Clone g is issued g seconds after the original: the order of the run is known.
  await sql(
    getPool(),
    `INSERT INTO "FiscalDocument" ("id", "accessKey", "issueDateTime", ${columns.join(", ")})
     SELECT 'clone-' || $1 || '-' || g, NULL, d."issueDateTime" + g * interval '1 second', ${columns.map((c) => `d.${c}`).join(", ")}
     FROM "FiscalDocument" d, generate_series(1, $2::int) g WHERE d."id" = $1`,
    [original.id, SEEDED - 1],
  );
  return { first: original.id, newest: `clone-${original.id}-${SEEDED - 1}` };
}

const backfill = (key: string, body: Record<string, unknown>) => call(backfillRoute, { method: "POST", path: "/v1/webhooks/backfill", key, body });
const range = { from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z" };

describe("backfill above 5,000 documents", () => {
  it("dry run and run answer truncated: true with matched 5,000; the run dispatches the 5,000 oldest", async () => {
    const company = await createTestCompany();
    const { first, newest } = await seedAuthorizedDocuments(company.companyId);
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId, status: "AUTHORIZED" } })).toBe(SEEDED);
    // Created after the documents: none has a delivery yet, so onlyMissing (default) matches them all.
    await createEndpoint(company.key, { url: receiver.url });

    const dry = await backfill(company.key, { ...range, dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toEqual({ dryRun: true, matched: BACKFILL_MAX_DOCUMENTS, truncated: true });

    const started = await backfill(company.key, range);
    expect(started.status, started.text).toBe(202);
    expect(started.body).toEqual({ runId: expect.any(String), matched: BACKFILL_MAX_DOCUMENTS, truncated: true });
    const runId = started.body.runId as string;

    // Only the backfill run (its deliveries are sent by delivery runs, not needed here).
    await drainDueRuns([backfillWebhooksFunction], { companyIds: [company.companyId] });
    const finished = await call(backfillRunRoute, { path: "/x", key: company.key, params: { runId } });
    expect(finished.body).toMatchObject({ status: "SUCCEEDED", matched: BACKFILL_MAX_DOCUMENTS, dispatched: BACKFILL_MAX_DOCUMENTS, deliveries: BACKFILL_MAX_DOCUMENTS, truncated: true });
    const dispatchedIds = await db.webhookEvent.findMany({ where: { companyId: company.companyId, origin: "BACKFILL" }, select: { documentId: true } });
    expect(dispatchedIds).toHaveLength(BACKFILL_MAX_DOCUMENTS);
    const covered = new Set(dispatchedIds.map((e) => e.documentId));
    expect(covered.has(first)).toBe(true);
    expect(covered.has(newest)).toBe(false);

    // The next call covers what is left: the newest document, not truncated.
    const rest = await backfill(company.key, { ...range, dryRun: true });
    expect(rest.body).toEqual({ dryRun: true, matched: 1, truncated: false });
  }, 180_000);
});
