-- Contingency (docs/api-notes/contingency.md): a company's contingency per authorizer model,
-- and the mode, dhCont and xJust of documents issued under it. CONTINGENCY is the status of
-- an NFC-e issued offline (tpEmis 9) that the authority has not yet authorized.

-- AlterEnum
ALTER TYPE "DocumentStatus" ADD VALUE 'CONTINGENCY';

-- CreateEnum
CREATE TYPE "ContingencyMode" AS ENUM ('OFFLINE', 'SVC_AN', 'SVC_RS');

-- AlterTable
ALTER TABLE "FiscalDocument" ADD COLUMN "contingencyMode" "ContingencyMode",
ADD COLUMN "contingencySince" TIMESTAMP(3),
ADD COLUMN "contingencyReason" TEXT;

-- CreateTable
CREATE TABLE "CompanyContingency" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "model" INTEGER NOT NULL,
    "mode" "ContingencyMode" NOT NULL,
    "reason" TEXT NOT NULL,
    "automatic" BOOLEAN NOT NULL,
    "since" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),
    "endedReason" TEXT,

    CONSTRAINT "CompanyContingency_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CompanyContingency_companyId_model_endedAt_idx" ON "CompanyContingency"("companyId", "model", "endedAt");

-- At most one active contingency per company and model: concurrent switches cannot both enter.
CREATE UNIQUE INDEX "CompanyContingency_one_active" ON "CompanyContingency"("companyId", "model") WHERE "endedAt" IS NULL;

-- AddForeignKey
ALTER TABLE "CompanyContingency" ADD CONSTRAINT "CompanyContingency_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
