-- DANFE options of a company (issue 58 item 4): the canhoto on or off, a footer message.
ALTER TABLE "Company" ADD COLUMN "danfeCanhoto" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Company" ADD COLUMN "documentFooterMessage" TEXT;
