-- Less work per outcome in the settling transaction (hand-written; docs/api-notes/webhooks.md,
-- How an outcome becomes deliveries). Counted with callgrind in one backend, per outcome of a
-- company with 3 endpoints (1.32 million instructions; 0.32 million without endpoints):
--   * the trigger writes the event, its deliveries and the check for delivery runs in one
--     statement, instead of an INSERT, a call of webhook_fan_out (whose statement read the event
--     back) and the fan-out's statement: −0.08 million;
--   * the endpoints are found by the outcome's company directly (an index scan) rather than by a
--     join with the event row just written (a hash join over every endpoint of every company):
--     −0.12 million;
--   * a run row is inserted by a statement of its own, run only when an endpoint has no run queued
--     (the usual case under load has one): starting an INSERT into "BackgroundRun" and its seven
--     indexes for every outcome cost more than the rare insert: −0.04 million;
--   * the deliveries' foreign keys are gone: each delivery checked its event and its endpoint with
--     a query of its own (six per outcome, −0.19 million). The endpoint row is key-share locked by
--     the statement that reads it instead, once, so deleting an endpoint still waits for outcomes
--     being written and then deletes their deliveries (lib/webhooks/endpoints.ts). Events are
--     never deleted or changed once written (their payload bytes are what every attempt sends).
-- Together 1.32 → 0.89 million instructions, the webhook share 1.00 → 0.57 million.

ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_endpointId_fkey";
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_eventId_fkey";

-- Whether an endpoint's filters take an event (empty filter = all; document.inutilized ignores
-- environments and document types). A single SQL expression, so PostgreSQL inlines it.
CREATE FUNCTION webhook_endpoint_subscribed(events text[], environments "Environment"[], document_types "DocumentType"[],
                                            event_type text, environment "Environment", document_type "DocumentType") RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (coalesce(cardinality(events), 0) = 0 OR upper(replace(event_type, '.', '_')) = ANY (events))
     AND (event_type = 'document.inutilized' OR (
           (coalesce(cardinality(environments), 0) = 0 OR environment = ANY (environments))
       AND (coalesce(cardinality(document_types), 0) = 0 OR document_type = ANY (document_types))))
$$;

-- The same rules as before (migrations 20261125070000_webhook_run_cadence and earlier): deliveries
-- due a gathering window after the outcome or a cadence after the endpoint's last run started; an
-- endpoint's run already queued by then is share-locked until the outcome commits and takes these
-- deliveries too, otherwise a run is queued for that moment.
CREATE OR REPLACE FUNCTION webhook_on_domain_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  now_utc timestamp;
  event_id text;
  run_endpoints text[];
  run_dues timestamp[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "WebhookEndpoint" WHERE "companyId" = NEW."companyId" AND "isActive") THEN
    RETURN NULL;
  END IF;
  now_utc := now() AT TIME ZONE 'UTC';
  event_id := gen_random_uuid()::text;
  WITH event AS (
    INSERT INTO "WebhookEvent" ("id", "companyId", "type", "domainEventId", "documentId", "inutilizationId", "environment", "documentType", "origin", "payload", "createdAt")
    VALUES (event_id, NEW."companyId", NEW."type", NEW."id", NEW."documentId", NEW."inutilizationId", NEW."environment", NEW."documentType", 'AUTOMATIC',
            webhook_envelope(event_id, NEW."type", NEW."createdAt", NEW."data"), NEW."createdAt")),
  inserted AS (
    INSERT INTO "WebhookDelivery" ("id", "companyId", "endpointId", "eventId", "eventType", "documentId", "environment", "documentType",
                                   "nextAttemptAt", "nextTrigger", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text, NEW."companyId", e."id", event_id, NEW."type", NEW."documentId", NEW."environment", NEW."documentType",
           greatest(now_utc + webhook_gather_interval(), e."lastDeliveryRunAt" + webhook_run_cadence()), 'AUTOMATIC', now_utc, now_utc
    FROM "WebhookEndpoint" e
    WHERE e."companyId" = NEW."companyId" AND e."isActive"
      AND webhook_endpoint_subscribed(e."events", e."environments", e."documentTypes", NEW."type", NEW."environment", NEW."documentType")
    FOR KEY SHARE OF e
    RETURNING "endpointId", "nextAttemptAt" AS "due")
  SELECT array_agg(i."endpointId"), array_agg(i."due") INTO run_endpoints, run_dues FROM inserted i
  WHERE NOT EXISTS (
    SELECT 1 FROM "BackgroundRun" b
    WHERE b."concurrencyKey" = 'webhook:' || i."endpointId" AND b."functionId" = 'webhook-deliver' AND b."status" = 'QUEUED' AND b."runAt" <= i."due"
      AND (b."forwardedAt" IS NULL OR b."forwardedAt" > now_utc - interval '10 minutes')
    FOR SHARE OF b);
  IF run_endpoints IS NOT NULL THEN
    PERFORM webhook_ensure_delivery_run(u."endpointId", NEW."companyId", u."due") FROM unnest(run_endpoints, run_dues) AS u("endpointId", "due");
  END IF;
  RETURN NULL;
END
$$;

-- Re-dispatch and backfill (lib/webhooks/webhook-events.ts): the same filters and the same key-share
-- lock on the endpoints they read.
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
    WHERE webhook_endpoint_subscribed(e."events", e."environments", e."documentTypes", ev."type", ev."environment", ev."documentType")
    FOR KEY SHARE OF e
    ON CONFLICT ("eventId", "endpointId") DO NOTHING
    RETURNING "endpointId", "companyId", "nextAttemptAt" AS "due"
  ),
  runs AS (
    SELECT webhook_ensure_delivery_run(i."endpointId", i."companyId", i."due") FROM inserted i
  )
  SELECT (SELECT count(*) FROM inserted) INTO created FROM (SELECT count(*) FROM runs) r;
  RETURN created;
END
$$;
