-- Idempotency-Key (docs/api-notes/idempotency.md): the documents a request created, written
-- in the same statement as each document, so a retry after a 5xx or a crash answers from them
-- instead of creating again; the run that holds the reservation (a takeover gives it a new
-- runId, and the old run's writes are refused) and until when.
ALTER TABLE "IdempotencyRecord" ADD COLUMN "createdDocuments" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "IdempotencyRecord" ADD COLUMN "runId" TEXT;
ALTER TABLE "IdempotencyRecord" ADD COLUMN "leaseExpiresAt" TIMESTAMP(3);
