-- Less work per outcome in the settling transaction (hand-written; docs/api-notes/webhooks.md,
-- Benchmark). Each outcome of a company with endpoints writes one WebhookEvent and a delivery per
-- endpoint, and each delivery is written twice more (lease, record; the record changes indexed
-- columns, so every index of the table gets a new entry).

-- Nothing reads webhook events by company and date: listings read deliveries.
DROP INDEX "WebhookEvent_companyId_createdAt_idx";

-- A document's deliveries are found through its events (WebhookEvent_documentId_idx, one entry per
-- outcome) and the (eventId, endpointId) key, instead of an index entry on each delivery and on
-- each of its recorded versions.
DROP INDEX "WebhookDelivery_documentId_idx";

-- The delivery runs of the event's endpoints are checked and queued in one statement, not by one
-- call of webhook_ensure_delivery_run per endpoint (same rule: a run already queued to start by
-- `due`, not forwarded more than 10 minutes ago, is share-locked until the outcome commits and
-- takes these deliveries too).
CREATE OR REPLACE FUNCTION webhook_fan_out(p_event_id text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  created integer;
  now_utc timestamp := now() AT TIME ZONE 'UTC';
  due timestamp := now_utc + webhook_gather_interval();
BEGIN
  WITH ev AS (SELECT * FROM "WebhookEvent" WHERE "id" = p_event_id),
  inserted AS (
    INSERT INTO "WebhookDelivery" ("id", "companyId", "endpointId", "eventId", "eventType", "documentId", "environment", "documentType",
                                   "nextAttemptAt", "nextTrigger", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text, ev."companyId", e."id", ev."id", ev."type", ev."documentId", ev."environment", ev."documentType",
           due, ev."origin", now_utc, now_utc
    FROM ev JOIN "WebhookEndpoint" e ON e."companyId" = ev."companyId" AND e."isActive"
    WHERE (coalesce(cardinality(e."events"), 0) = 0 OR upper(replace(ev."type", '.', '_')) = ANY (e."events"))
      AND (ev."type" = 'document.inutilized' OR (
            (coalesce(cardinality(e."environments"), 0) = 0 OR ev."environment" = ANY (e."environments"))
        AND (coalesce(cardinality(e."documentTypes"), 0) = 0 OR ev."documentType" = ANY (e."documentTypes"))))
    ON CONFLICT ("eventId", "endpointId") DO NOTHING
    RETURNING "endpointId", "companyId"
  ),
  runs AS (
    INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt")
    SELECT r."id", 'webhook-deliver', 'webhook/deliveries.due',
           jsonb_build_object('endpointId', r."endpointId", 'companyId', r."companyId", 'runId', r."id"),
           'QUEUED', 'webhook:' || r."endpointId", due, r."companyId", now_utc, now_utc
    FROM (SELECT gen_random_uuid()::text AS "id", i."endpointId", i."companyId" FROM (SELECT DISTINCT "endpointId", "companyId" FROM inserted) i) r
    WHERE NOT EXISTS (
      SELECT 1 FROM "BackgroundRun" b
      WHERE b."concurrencyKey" = 'webhook:' || r."endpointId" AND b."status" = 'QUEUED' AND b."runAt" <= due
        AND (b."forwardedAt" IS NULL OR b."forwardedAt" > now_utc - interval '10 minutes')
      FOR SHARE OF b)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM inserted) INTO created;
  RETURN created;
END
$$;
