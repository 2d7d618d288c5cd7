-- No automatic e-mail of homologation documents unless the company turns it on (issue 49, finding 6:
-- the installation's SMTP server sent any tenant's free text, homologation documents included; a
-- homologation document has no fiscal value and its recipient is usually a test address). A resend
-- asked for by hand is unaffected. Additive: a column with its default, and the trigger function of
-- 20261130110000_document_email_trigger_leaner with one more condition. Hand-written.
ALTER TABLE "CompanyEmailSettings" ADD COLUMN "sendInHomologation" BOOLEAN NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION document_email_on_domain_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  email_trigger "DocumentEmailTrigger";
  email_id text;
  run_id text;
  now_utc timestamp;
BEGIN
  email_trigger := CASE NEW."type" WHEN 'document.authorized' THEN 'AUTHORIZATION'::"DocumentEmailTrigger" ELSE 'CANCELLATION'::"DocumentEmailTrigger" END;
  -- Queued only when the document has a recipient, the company did not turn this trigger off, and
  -- (homologation) the company turned sendInHomologation on.
  IF NOT EXISTS (SELECT 1 FROM "FiscalDocument" d WHERE d."id" = NEW."documentId"
                 AND (coalesce(cardinality(d."emailRecipients"), 0) > 0 OR coalesce(btrim(d."clientSnapshot"->>'email'), '') <> '')
                 AND NOT EXISTS (SELECT 1 FROM "CompanyEmailSettings" s WHERE s."companyId" = NEW."companyId"
                                 AND NOT (CASE email_trigger WHEN 'AUTHORIZATION' THEN s."sendOnAuthorization" ELSE s."sendOnCancellation" END))
                 -- A homologation document only when the company turned sendInHomologation on (issue 49, finding 6).
                 AND (d."environment" <> 'HOMOLOGATION' OR EXISTS (SELECT 1 FROM "CompanyEmailSettings" s WHERE s."companyId" = NEW."companyId" AND s."sendInHomologation"))) THEN
    RETURN NULL;
  END IF;
  email_id := gen_random_uuid()::text;
  run_id := gen_random_uuid()::text;
  now_utc := now() AT TIME ZONE 'UTC';
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
