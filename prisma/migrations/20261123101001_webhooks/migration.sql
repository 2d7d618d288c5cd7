-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED');

-- CreateEnum
CREATE TYPE "WebhookTrigger" AS ENUM ('AUTOMATIC', 'MANUAL', 'BACKFILL', 'REDISPATCH', 'TEST');

-- CreateEnum
CREATE TYPE "WebhookBackfillStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED');

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "events" TEXT[],
    "environments" "Environment"[],
    "documentTypes" "DocumentType"[],
    "secret" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "disabledReason" TEXT,
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "domainEventId" TEXT,
    "documentId" TEXT,
    "inutilizationId" TEXT,
    "environment" "Environment",
    "documentType" "DocumentType",
    "origin" "WebhookTrigger" NOT NULL DEFAULT 'AUTOMATIC',
    "payload" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "documentId" TEXT,
    "environment" "Environment",
    "documentType" "DocumentType",
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "scheduledAttempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "nextTrigger" "WebhookTrigger" NOT NULL DEFAULT 'AUTOMATIC',
    "leaseToken" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "errorMessage" TEXT,
    "attemptLog" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookBackfill" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "status" "WebhookBackfillStatus" NOT NULL DEFAULT 'QUEUED',
    "criteria" JSONB NOT NULL,
    "actor" JSONB NOT NULL,
    "matched" INTEGER NOT NULL,
    "truncated" BOOLEAN NOT NULL,
    "dispatched" INTEGER NOT NULL DEFAULT 0,
    "deliveries" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "lastKey" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "WebhookBackfill_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookEndpoint_companyId_isActive_idx" ON "WebhookEndpoint"("companyId", "isActive");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookEvent_domainEventId_key" ON "WebhookEvent"("domainEventId");

-- CreateIndex
CREATE INDEX "WebhookEvent_companyId_createdAt_idx" ON "WebhookEvent"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_documentId_idx" ON "WebhookEvent"("documentId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_nextAttemptAt_idx" ON "WebhookDelivery"("endpointId", "status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_companyId_createdAt_idx" ON "WebhookDelivery"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_documentId_idx" ON "WebhookDelivery"("documentId");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_eventId_endpointId_key" ON "WebhookDelivery"("eventId", "endpointId");

-- CreateIndex
CREATE INDEX "WebhookBackfill_companyId_createdAt_idx" ON "WebhookBackfill"("companyId", "createdAt");

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "WebhookEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Fan-out of outcomes to webhook deliveries (hand-written; lib/webhooks). The
-- trigger runs inside the transaction that records a DomainEvent, so an outcome
-- and its deliveries commit together (no outcome without its deliveries, no
-- delivery without its outcome) while emission's code stays as it is.
-- Timestamps are UTC wall time, as Prisma writes timestamp(3) columns.

-- The envelope bytes of an event (api.md, Events → Envelope); written once, sent on every attempt.
CREATE FUNCTION webhook_envelope(event_id text, event_type text, created_at timestamp, data jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', 'evt_' || event_id, 'type', event_type,
    'createdAt', to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', data)::text
$$;

-- Queues a delivery run (lib/webhooks deliver run, local driver) for an endpoint unless one is
-- already queued to start by `due`. Runs of one endpoint share a concurrency key.
CREATE FUNCTION webhook_ensure_delivery_run(endpoint_id text, company_id text, due timestamp) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt")
  SELECT r.id, 'webhook-deliver', 'webhook/deliveries.due',
         jsonb_build_object('endpointId', endpoint_id, 'companyId', company_id, 'runId', r.id),
         'QUEUED', 'webhook:' || endpoint_id, due, company_id, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM (SELECT gen_random_uuid()::text AS id) r
  WHERE NOT EXISTS (
    SELECT 1 FROM "BackgroundRun" b
    WHERE b."concurrencyKey" = 'webhook:' || endpoint_id AND b."status" = 'QUEUED' AND b."runAt" <= due)
$$;

-- One PENDING delivery per active endpoint of the event's company subscribed to it (filters
-- events x environments x documentTypes, each "all" when empty; document.inutilized ignores the
-- last two), unique per (event, endpoint); then one delivery run per endpoint. Returns the count.
CREATE FUNCTION webhook_fan_out(p_event_id text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  created integer;
  now_utc timestamp := now() AT TIME ZONE 'UTC';
BEGIN
  WITH ev AS (SELECT * FROM "WebhookEvent" WHERE "id" = p_event_id),
  inserted AS (
    INSERT INTO "WebhookDelivery" ("id", "companyId", "endpointId", "eventId", "eventType", "documentId", "environment", "documentType",
                                   "nextAttemptAt", "nextTrigger", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text, ev."companyId", e."id", ev."id", ev."type", ev."documentId", ev."environment", ev."documentType",
           now_utc, ev."origin", now_utc, now_utc
    FROM ev JOIN "WebhookEndpoint" e ON e."companyId" = ev."companyId" AND e."isActive"
    WHERE (coalesce(cardinality(e."events"), 0) = 0 OR upper(replace(ev."type", '.', '_')) = ANY (e."events"))
      AND (ev."type" = 'document.inutilized' OR (
            (coalesce(cardinality(e."environments"), 0) = 0 OR ev."environment" = ANY (e."environments"))
        AND (coalesce(cardinality(e."documentTypes"), 0) = 0 OR ev."documentType" = ANY (e."documentTypes"))))
    ON CONFLICT ("eventId", "endpointId") DO NOTHING
    RETURNING "endpointId", "companyId"
  ),
  runs AS (
    SELECT webhook_ensure_delivery_run(i."endpointId", i."companyId", now_utc) FROM (SELECT DISTINCT "endpointId", "companyId" FROM inserted) i
  )
  SELECT (SELECT count(*) FROM inserted) INTO created FROM (SELECT count(*) FROM runs) r;
  RETURN created;
END
$$;

-- An outcome (DomainEvent) becomes a webhook event and its deliveries, when the company has an active endpoint.
CREATE FUNCTION webhook_on_domain_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  event_id text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "WebhookEndpoint" WHERE "companyId" = NEW."companyId" AND "isActive") THEN
    RETURN NULL;
  END IF;
  event_id := gen_random_uuid()::text;
  INSERT INTO "WebhookEvent" ("id", "companyId", "type", "domainEventId", "documentId", "inutilizationId", "environment", "documentType", "origin", "payload", "createdAt")
  VALUES (event_id, NEW."companyId", NEW."type", NEW."id", NEW."documentId", NEW."inutilizationId", NEW."environment", NEW."documentType", 'AUTOMATIC',
          webhook_envelope(event_id, NEW."type", NEW."createdAt", NEW."data"), NEW."createdAt");
  PERFORM webhook_fan_out(event_id);
  RETURN NULL;
END
$$;

CREATE TRIGGER "DomainEvent_webhook_fan_out" AFTER INSERT ON "DomainEvent"
FOR EACH ROW EXECUTE FUNCTION webhook_on_domain_event();
