-- Every synchronous document event records its intent before the authority is called
-- (docs/api-notes/events.md, Intents and reconciliation): a crash between the call and the
-- recording leaves a PENDING intent that a background run (or the next attempt) finishes by
-- consulting the access key. Authority-call claims name their holder and renew a heartbeat,
-- so a dead process's claim no longer blocks a retry until it expires.

-- CreateEnum
CREATE TYPE "EventIntentStatus" AS ENUM ('PENDING', 'RECORDED', 'NOT_REGISTERED');

-- CreateTable
CREATE TABLE "DocumentEventIntent" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "kind" "DocumentEventKind" NOT NULL,
    "eventCode" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "status" "EventIntentStatus" NOT NULL DEFAULT 'PENDING',
    "requestXml" TEXT NOT NULL,
    "details" JSONB NOT NULL,
    "eventId" TEXT,
    "resolution" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "DocumentEventIntent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DocumentEventIntent_documentId_status_idx" ON "DocumentEventIntent"("documentId", "status");

-- CreateIndex
CREATE INDEX "DocumentEventIntent_status_createdAt_idx" ON "DocumentEventIntent"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "DocumentEventIntent" ADD CONSTRAINT "DocumentEventIntent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "AuthorityCallClaim" ADD COLUMN "holder" TEXT,
ADD COLUMN "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
