-- The tax reform's IBS/CBS events (NT 2025.002-RTC, item 8) on issued documents:
-- one kind for 112110…212120 (eventCode tells which) and one for their cancellation 110001.
ALTER TYPE "DocumentEventKind" ADD VALUE IF NOT EXISTS 'REFORM_EVENT';
ALTER TYPE "DocumentEventKind" ADD VALUE IF NOT EXISTS 'REFORM_EVENT_CANCELLATION';

-- Received NF-e: who registered a reform event (ISSUER or RECIPIENT; null for the other events)
-- and what our own events were registered with (the request's items, a 110001's target).
ALTER TABLE "ReceivedDocumentEvent" ADD COLUMN "author" TEXT;
ALTER TABLE "ReceivedDocumentEvent" ADD COLUMN "details" JSONB;
