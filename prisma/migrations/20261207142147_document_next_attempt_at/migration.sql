-- Issue 50 item 4: a document whose send got no answer stays PROCESSING (never back to DRAFT)
-- and says when the run sends it again (docs/api-notes/emission.md).
ALTER TABLE "FiscalDocument" ADD COLUMN "nextAttemptAt" TIMESTAMP(3);
