-- Issue 50 item 5: when the warning that an offline NFC-e nears its transmission deadline
-- (75 % of it: webhook document.contingency_deadline) was recorded; at most one per document.
ALTER TABLE "FiscalDocument" ADD COLUMN "contingencyDeadlineWarnedAt" TIMESTAMP(3);
