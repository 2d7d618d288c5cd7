-- Fewer, fuller delivery runs for busy endpoints, and a run check that no longer walks emission's
-- queue (hand-written; docs/api-notes/webhooks.md, How an outcome becomes deliveries).

-- When an endpoint's delivery run last started (set by its claim, lib/webhooks/claim-deliveries.ts).
ALTER TABLE "WebhookEndpoint" ADD COLUMN "lastDeliveryRunAt" TIMESTAMP(3);

-- An endpoint's delivery runs start at most once per cadence. A quiet endpoint's outcome is still
-- due a gathering window after it; a busy endpoint's outcomes wait for its next run, so its runs
-- carry a second's deliveries instead of a quarter's (a run costs four round trips to PostgreSQL
-- whatever it carries).
CREATE FUNCTION webhook_run_cadence() RETURNS interval
LANGUAGE sql IMMUTABLE AS $$ SELECT interval '1 second' $$;

-- The queued delivery run of an endpoint, found by its concurrency key. The fan-out's check
-- (below) used "BackgroundRun_status_runAt_idx" whenever the statistics said QUEUED rows are rare
-- (a young table, or millions of finished runs), and walked every due run, emission's included:
-- 270 index entries and 840 buffers per outcome with bench:emit's queue. Partial, so emission's
-- runs add no entry to it.
CREATE INDEX "BackgroundRun_queued_delivery_run_idx" ON "BackgroundRun" ("concurrencyKey", "runAt")
WHERE "status" = 'QUEUED' AND "functionId" = 'webhook-deliver';

-- Same rule as before (migration 20261124221000_background_run_forwarded): a run already queued to
-- start by `due`, not forwarded more than 10 minutes ago, is share-locked until the caller commits
-- and takes the new deliveries along. The functionId condition lets the partial index serve it.
CREATE OR REPLACE FUNCTION webhook_ensure_delivery_run(endpoint_id text, company_id text, due timestamp) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt")
  SELECT r.id, 'webhook-deliver', 'webhook/deliveries.due',
         jsonb_build_object('endpointId', endpoint_id, 'companyId', company_id, 'runId', r.id),
         'QUEUED', 'webhook:' || endpoint_id, due, company_id, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM (SELECT gen_random_uuid()::text AS id) r
  WHERE NOT EXISTS (
    SELECT 1 FROM "BackgroundRun" b
    WHERE b."concurrencyKey" = 'webhook:' || endpoint_id AND b."functionId" = 'webhook-deliver' AND b."status" = 'QUEUED' AND b."runAt" <= due
      AND (b."forwardedAt" IS NULL OR b."forwardedAt" > now() AT TIME ZONE 'UTC' - interval '10 minutes')
    FOR SHARE OF b);
END
$$;

-- Each endpoint's deliveries are due a gathering window after the outcome, or a cadence after its
-- last run started, whichever is later; its run is queued for that moment unless one is queued by then.
CREATE OR REPLACE FUNCTION webhook_fan_out(p_event_id text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  created integer;
  now_utc timestamp := now() AT TIME ZONE 'UTC';
  gathered timestamp := now_utc + webhook_gather_interval();
BEGIN
  WITH ev AS (SELECT * FROM "WebhookEvent" WHERE "id" = p_event_id),
  inserted AS (
    INSERT INTO "WebhookDelivery" ("id", "companyId", "endpointId", "eventId", "eventType", "documentId", "environment", "documentType",
                                   "nextAttemptAt", "nextTrigger", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text, ev."companyId", e."id", ev."id", ev."type", ev."documentId", ev."environment", ev."documentType",
           greatest(gathered, e."lastDeliveryRunAt" + webhook_run_cadence()), ev."origin", now_utc, now_utc
    FROM ev JOIN "WebhookEndpoint" e ON e."companyId" = ev."companyId" AND e."isActive"
    WHERE (coalesce(cardinality(e."events"), 0) = 0 OR upper(replace(ev."type", '.', '_')) = ANY (e."events"))
      AND (ev."type" = 'document.inutilized' OR (
            (coalesce(cardinality(e."environments"), 0) = 0 OR ev."environment" = ANY (e."environments"))
        AND (coalesce(cardinality(e."documentTypes"), 0) = 0 OR ev."documentType" = ANY (e."documentTypes"))))
    ON CONFLICT ("eventId", "endpointId") DO NOTHING
    RETURNING "endpointId", "companyId", "nextAttemptAt" AS "due"
  ),
  runs AS (
    INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt")
    SELECT r."id", 'webhook-deliver', 'webhook/deliveries.due',
           jsonb_build_object('endpointId', r."endpointId", 'companyId', r."companyId", 'runId', r."id"),
           'QUEUED', 'webhook:' || r."endpointId", r."due", r."companyId", now_utc, now_utc
    FROM (SELECT gen_random_uuid()::text AS "id", i."endpointId", i."companyId", i."due" FROM (SELECT DISTINCT "endpointId", "companyId", "due" FROM inserted) i) r
    WHERE NOT EXISTS (
      SELECT 1 FROM "BackgroundRun" b
      WHERE b."concurrencyKey" = 'webhook:' || r."endpointId" AND b."functionId" = 'webhook-deliver' AND b."status" = 'QUEUED' AND b."runAt" <= r."due"
        AND (b."forwardedAt" IS NULL OR b."forwardedAt" > now_utc - interval '10 minutes')
      FOR SHARE OF b)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM inserted) INTO created;
  RETURN created;
END
$$;
