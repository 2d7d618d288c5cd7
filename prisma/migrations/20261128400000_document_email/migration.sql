-- E-mail of a document's outcome (issue 39; lib/email, docs/api-notes/email.md): the company's
-- e-mail settings, each message and each SMTP attempt; the document's emailRecipients.

-- CreateEnum
CREATE TYPE "DocumentEmailStatus" AS ENUM ('QUEUED', 'SENT', 'FAILED', 'NOT_CONFIGURED');

-- CreateEnum
CREATE TYPE "DocumentEmailTrigger" AS ENUM ('AUTHORIZATION', 'CANCELLATION', 'RESEND');

-- AlterTable
ALTER TABLE "FiscalDocument" ADD COLUMN "emailRecipients" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "CompanyEmailSettings" (
    "companyId" TEXT NOT NULL,
    "sendOnAuthorization" BOOLEAN NOT NULL DEFAULT true,
    "sendOnCancellation" BOOLEAN NOT NULL DEFAULT true,
    "replyTo" TEXT,
    "copyTo" TEXT,
    "smtpHost" TEXT,
    "smtpPort" INTEGER,
    "smtpSecure" BOOLEAN NOT NULL DEFAULT false,
    "smtpUser" TEXT,
    "smtpPassword" TEXT,
    "fromAddress" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CompanyEmailSettings_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "DocumentEmail" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "trigger" "DocumentEmailTrigger" NOT NULL,
    "status" "DocumentEmailStatus" NOT NULL DEFAULT 'QUEUED',
    "recipients" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "cc" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "subject" TEXT,
    "textBody" TEXT,
    "htmlBody" TEXT,
    "attachments" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastReply" TEXT,
    "nextAttemptAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "sourceEventId" TEXT,

    CONSTRAINT "DocumentEmail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentEmailAttempt" (
    "id" TEXT NOT NULL,
    "emailId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "smtpCode" INTEGER,
    "reply" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DocumentEmailAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DocumentEmail_sourceEventId_key" ON "DocumentEmail"("sourceEventId");

-- CreateIndex
CREATE INDEX "DocumentEmail_documentId_createdAt_idx" ON "DocumentEmail"("documentId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentEmailAttempt_emailId_number_key" ON "DocumentEmailAttempt"("emailId", "number");

-- AddForeignKey
ALTER TABLE "CompanyEmailSettings" ADD CONSTRAINT "CompanyEmailSettings_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentEmail" ADD CONSTRAINT "DocumentEmail_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentEmail" ADD CONSTRAINT "DocumentEmail_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentEmailAttempt" ADD CONSTRAINT "DocumentEmailAttempt_emailId_fkey" FOREIGN KEY ("emailId") REFERENCES "DocumentEmail"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Queueing (hand-written), like the webhook fan-out: the trigger runs inside the transaction that
-- records a document.authorized or document.cancelled DomainEvent, whichever path records it
-- (emission's settlement, the NF-e and NFS-e cancellations, their reconcilers), so the outcome and
-- its e-mail commit together and emission's code stays as it is. The message is built and sent by
-- the document-email-send run (lib/email) outside the transaction. Nothing is queued when the
-- company turned the trigger off, or when the document has neither emailRecipients nor a client
-- e-mail. Timestamps are UTC wall time, as Prisma writes timestamp(3) columns.
CREATE FUNCTION document_email_on_domain_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  email_trigger "DocumentEmailTrigger";
  email_id text := gen_random_uuid()::text;
  run_id text := gen_random_uuid()::text;
  now_utc timestamp := now() AT TIME ZONE 'UTC';
BEGIN
  email_trigger := CASE NEW."type" WHEN 'document.authorized' THEN 'AUTHORIZATION'::"DocumentEmailTrigger" ELSE 'CANCELLATION'::"DocumentEmailTrigger" END;
  IF EXISTS (SELECT 1 FROM "CompanyEmailSettings" s WHERE s."companyId" = NEW."companyId"
             AND NOT (CASE email_trigger WHEN 'AUTHORIZATION' THEN s."sendOnAuthorization" ELSE s."sendOnCancellation" END)) THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "FiscalDocument" d WHERE d."id" = NEW."documentId"
                 AND (coalesce(cardinality(d."emailRecipients"), 0) > 0 OR coalesce(btrim(d."clientSnapshot"->>'email'), '') <> '')) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "DocumentEmail" ("id", "companyId", "documentId", "trigger", "status", "sourceEventId", "createdAt", "updatedAt")
  VALUES (email_id, NEW."companyId", NEW."documentId", email_trigger, 'QUEUED', NEW."id", now_utc, now_utc)
  ON CONFLICT ("sourceEventId") DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "documentId", "createdAt", "updatedAt")
  VALUES (run_id, 'document-email-send', 'document/email.send',
          jsonb_build_object('emailId', email_id, 'companyId', NEW."companyId", 'runId', run_id),
          'QUEUED', 'email:' || email_id, now_utc, NEW."companyId", NEW."documentId", now_utc, now_utc);
  RETURN NULL;
END
$$;

CREATE TRIGGER "DomainEvent_document_email" AFTER INSERT ON "DomainEvent"
FOR EACH ROW WHEN (NEW."type" IN ('document.authorized', 'document.cancelled') AND NEW."documentId" IS NOT NULL)
EXECUTE FUNCTION document_email_on_domain_event();
