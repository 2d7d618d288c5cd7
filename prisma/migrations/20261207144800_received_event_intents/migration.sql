-- The intent of an event on a received NF-e (the recipient's reform events, NT 2025.002-RTC):
-- the same row as an issued document's event intent, naming the received document instead (exactly one of
-- the two is set: lib/document-events/intents.ts; no CHECK, which Prisma 6.19's introspection cannot read).
ALTER TABLE "DocumentEventIntent" ALTER COLUMN "documentId" DROP NOT NULL;
ALTER TABLE "DocumentEventIntent" ADD COLUMN "receivedDocumentId" TEXT;
ALTER TABLE "DocumentEventIntent" ADD CONSTRAINT "DocumentEventIntent_receivedDocumentId_fkey" FOREIGN KEY ("receivedDocumentId") REFERENCES "ReceivedDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "DocumentEventIntent_receivedDocumentId_status_idx" ON "DocumentEventIntent"("receivedDocumentId", "status");
