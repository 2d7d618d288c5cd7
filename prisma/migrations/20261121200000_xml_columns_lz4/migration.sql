-- manual: storage tuning Prisma's schema cannot express (kept by db:migration:regenerate).
-- XML and large JSON columns are compressed with lz4 instead of pglz: every emission writes
-- several ~8 KB XML documents, and lz4 costs a fraction of pglz's CPU. A server built
-- without lz4 (e.g. some embedded builds) keeps pglz.
DO $$
BEGIN
  ALTER TABLE "FiscalDocument" ALTER COLUMN "signedXml" SET COMPRESSION lz4, ALTER COLUMN "authorizedXml" SET COMPRESSION lz4, ALTER COLUMN "taxTotals" SET COMPRESSION lz4;
  ALTER TABLE "FiscalDocumentItem" ALTER COLUMN "taxes" SET COMPRESSION lz4;
  ALTER TABLE "DocumentEvent" ALTER COLUMN "requestXml" SET COMPRESSION lz4, ALTER COLUMN "responseXml" SET COMPRESSION lz4;
  ALTER TABLE "Inutilization" ALTER COLUMN "requestXml" SET COMPRESSION lz4, ALTER COLUMN "responseXml" SET COMPRESSION lz4;
  ALTER TABLE "SimulatorDocument" ALTER COLUMN "xml" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 compression unavailable; columns keep the default';
END $$;
