-- externalId unique per company among documents (docs/api-notes/documents.md, externalId).
-- Hand-written. Existing duplicates are kept, never deleted or renamed: they are listed with
-- RAISE NOTICE, and then the unique index cannot be built, so the migration leaves it out.
-- Creation enforces the rule in code either way (lib/documents/create-document.ts: an advisory
-- lock per company and externalId, then a lookup), so the index is a second guard, not the only one.
-- Once the duplicates are resolved by hand, building the index is:
--   CREATE UNIQUE INDEX "FiscalDocument_companyId_externalId_unique"
--     ON "FiscalDocument" ("companyId", "externalId") WHERE "externalId" IS NOT NULL;
DO $$
DECLARE
  duplicate record;
  found integer := 0;
BEGIN
  FOR duplicate IN
    SELECT "companyId", "externalId", count(*) AS copies, string_agg("id", ', ' ORDER BY "createdAt") AS ids
    FROM "FiscalDocument" WHERE "externalId" IS NOT NULL
    GROUP BY "companyId", "externalId" HAVING count(*) > 1
    ORDER BY "companyId", "externalId" LIMIT 1000
  LOOP
    found := found + 1;
    RAISE NOTICE 'duplicate externalId % in company %: % documents (%)', duplicate."externalId", duplicate."companyId", duplicate.copies, duplicate.ids;
  END LOOP;
  IF found = 0 THEN
    CREATE UNIQUE INDEX "FiscalDocument_companyId_externalId_unique" ON "FiscalDocument" ("companyId", "externalId") WHERE "externalId" IS NOT NULL;
  ELSE
    RAISE NOTICE 'FiscalDocument_companyId_externalId_unique not created: % externalId values are duplicated (kept as they are); creation still refuses new duplicates', found;
  END IF;
END $$;
