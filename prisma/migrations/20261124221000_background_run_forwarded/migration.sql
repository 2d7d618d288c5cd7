-- Runs queued by the database (webhook delivery runs, migration 20261123101001_webhooks) are handed
-- to Inngest by a relay when INNGEST_EVENT_KEY is set (lib/jobs/forward-queued-runs.ts):
-- "forwardedAt" records the hand-over. The partial index (hand-written: Prisma's schema cannot
-- express it; keep it out of generated migrations) holds only the delivery runs still waiting for
-- the relay, so its poll stays small and emission's runs pay nothing for it.
ALTER TABLE "BackgroundRun" ADD COLUMN "forwardedAt" TIMESTAMP(3);

CREATE INDEX "BackgroundRun_awaiting_relay_idx" ON "BackgroundRun" ("runAt")
WHERE "status" = 'QUEUED' AND "forwardedAt" IS NULL AND "functionId" = 'webhook-deliver';

-- A delivery run already queued by `due` takes a new delivery along, except one handed to Inngest
-- more than 10 minutes ago that never started (its row would otherwise stand for a run that
-- Inngest lost, and strand the endpoint's deliveries). The run relied on is share-locked until the
-- caller commits: its claim (FOR UPDATE SKIP LOCKED) passes it over meanwhile, so it cannot start,
-- finish and check for further deliveries before the new one is visible.
CREATE OR REPLACE FUNCTION webhook_ensure_delivery_run(endpoint_id text, company_id text, due timestamp) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt")
  SELECT r.id, 'webhook-deliver', 'webhook/deliveries.due',
         jsonb_build_object('endpointId', endpoint_id, 'companyId', company_id, 'runId', r.id),
         'QUEUED', 'webhook:' || endpoint_id, due, company_id, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM (SELECT gen_random_uuid()::text AS id) r
  WHERE NOT EXISTS (
    SELECT 1 FROM "BackgroundRun" b
    WHERE b."concurrencyKey" = 'webhook:' || endpoint_id AND b."status" = 'QUEUED' AND b."runAt" <= due
      AND (b."forwardedAt" IS NULL OR b."forwardedAt" > now() AT TIME ZONE 'UTC' - interval '10 minutes')
    FOR SHARE OF b)
$$;
