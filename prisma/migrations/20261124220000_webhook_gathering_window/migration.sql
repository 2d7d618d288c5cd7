-- Gathering window for webhook deliveries (docs/api-notes/webhooks.md, How an outcome becomes
-- deliveries). An outcome's deliveries are due 250 ms after it, and so is the endpoint's delivery
-- run the fan-out queues: outcomes of the same endpoint within that window share one run (one
-- claim, one recording statement, one run row) instead of paying a run each. Keep the interval in
-- step with WEBHOOK_GATHER_MS (lib/webhooks/config.ts).

CREATE FUNCTION webhook_gather_interval() RETURNS interval
LANGUAGE sql IMMUTABLE AS $$ SELECT interval '250 milliseconds' $$;

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
  -- A run already queued to start by `due` (the first outcome of the window queued it) takes these too.
  runs AS (
    SELECT webhook_ensure_delivery_run(i."endpointId", i."companyId", due) FROM (SELECT DISTINCT "endpointId", "companyId" FROM inserted) i
  )
  SELECT (SELECT count(*) FROM inserted) INTO created FROM (SELECT count(*) FROM runs) r;
  RETURN created;
END
$$;
