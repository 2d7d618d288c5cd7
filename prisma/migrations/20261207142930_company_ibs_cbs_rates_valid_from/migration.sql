-- The company's IBS/CBS rates are dated (issue 48 item 6): they apply to documents issued
-- (dhEmi, the issuer's calendar) on or after this day, and only where the law fixes no rate
-- for that date (lib/tax/data/reform-rates.ts: the CBS from 2027, set by Senate resolution).
-- A calendar date as text (YYYY-MM-DD), like the document's issue date in lib/tax; its form is checked
-- by the companies contract (no CHECK constraint: the schema engine's db pull, which the drift test
-- runs, cannot read one). Hand-written; additive.
ALTER TABLE "Company" ADD COLUMN "ibsCbsRatesValidFrom" TEXT;
