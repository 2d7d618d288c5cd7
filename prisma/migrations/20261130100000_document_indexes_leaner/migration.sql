-- Fewer index entries per document write. None of FiscalDocument's writes is a HOT update (each
-- changes an indexed column: number, accessKey/issueDateTime, status), so the insert and every
-- update of an NF-e add one entry to each of the table's indexes. Hand-written.

-- The unique partial index on the same columns (20261127060100) serves every lookup by
-- externalId (`"externalId" = $n` implies NOT NULL): this one only duplicated it, with an entry
-- for each write of every document without an externalId too. Kept where the unique one could
-- not be built (duplicates left in place), since creation's lookup needs one of them.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'FiscalDocument_companyId_externalId_unique') THEN
    DROP INDEX IF EXISTS "FiscalDocument_companyId_externalId_idx";
  END IF;
END $$;

-- Only an NFS-e has a DPS id: the NF-e/NFC-e (nearly every write) no longer add a NULL entry.
DROP INDEX IF EXISTS "FiscalDocument_dpsId_idx";
CREATE INDEX "FiscalDocument_dpsId_idx" ON "FiscalDocument" ("dpsId") WHERE "dpsId" IS NOT NULL;
