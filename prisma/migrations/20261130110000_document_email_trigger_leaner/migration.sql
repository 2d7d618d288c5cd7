-- The document e-mail trigger (20261128400000_document_email) runs in every emission's settling
-- statement (each document.authorized), and often queues nothing (no recipient, or the company
-- turned the trigger off). It drew two random UUIDs (gen_random_uuid, OpenSSL) before knowing, and
-- asked its two questions in two statements. Now one statement decides, and the ids are drawn only when an
-- e-mail is queued: about half its time per authorized document (EXPLAIN ANALYZE of the settling
-- statement, median of 50 on a busy machine: 0.13–0.15 → 0.065 ms).
-- Same outcome in every case. Hand-written.
CREATE OR REPLACE FUNCTION document_email_on_domain_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  email_trigger "DocumentEmailTrigger";
  email_id text;
  run_id text;
  now_utc timestamp;
BEGIN
  email_trigger := CASE NEW."type" WHEN 'document.authorized' THEN 'AUTHORIZATION'::"DocumentEmailTrigger" ELSE 'CANCELLATION'::"DocumentEmailTrigger" END;
  -- Queued only when the document has a recipient and the company did not turn this trigger off.
  IF NOT EXISTS (SELECT 1 FROM "FiscalDocument" d WHERE d."id" = NEW."documentId"
                 AND (coalesce(cardinality(d."emailRecipients"), 0) > 0 OR coalesce(btrim(d."clientSnapshot"->>'email'), '') <> '')
                 AND NOT EXISTS (SELECT 1 FROM "CompanyEmailSettings" s WHERE s."companyId" = NEW."companyId"
                                 AND NOT (CASE email_trigger WHEN 'AUTHORIZATION' THEN s."sendOnAuthorization" ELSE s."sendOnCancellation" END))) THEN
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
