-- The daily e-mail budget (lib/email/installation-smtp-limits.ts, issue 49 finding 6) sums the recipients of a
-- company's messages sent in the last 24 hours: this index reads only those rows.
CREATE INDEX "DocumentEmail_companyId_sentAt_idx" ON "DocumentEmail" ("companyId", "sentAt") WHERE "status" = 'SENT';
