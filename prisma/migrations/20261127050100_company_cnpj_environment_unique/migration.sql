-- One company per CNPJ and environment across the installation (issue 34 problem 9; hand-written).
-- Existing duplicates are never deleted or changed: they are reported (RAISE NOTICE, printed by
-- the migration applier) and the unique index is then left out, so this migration succeeds either
-- way. lib/companies/create-company.ts refuses a new duplicate in code as well (409
-- company_exists), so with or without the index no further one is created. Once an operator has
-- resolved the duplicates, creating the index by hand completes the step (docs/operations.md).
DO $$
DECLARE
  duplicates TEXT;
BEGIN
  SELECT string_agg(format('CNPJ %s in %s: companies %s', "cnpj", "environment", ids), '; ')
  INTO duplicates
  FROM (
    SELECT "cnpj", "environment"::text AS "environment", string_agg("id", ', ' ORDER BY "createdAt", "id") AS ids
    FROM "Company"
    GROUP BY "cnpj", "environment"
    HAVING count(*) > 1
  ) AS duplicated;

  IF duplicates IS NULL THEN
    CREATE UNIQUE INDEX "Company_cnpj_environment_key" ON "Company"("cnpj", "environment");
  ELSE
    RAISE NOTICE 'Company: the unique index on (cnpj, environment) was NOT created because these companies share a CNPJ and environment (nothing was deleted; resolve them, then run CREATE UNIQUE INDEX "Company_cnpj_environment_key" ON "Company"("cnpj", "environment")): %', duplicates;
  END IF;
END $$;
