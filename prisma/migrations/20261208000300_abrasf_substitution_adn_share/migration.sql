-- ABRASF 2.04 substitution through the API and ABRASF-city NFS-e shared with the simulated ADN (issue 57).

-- AlterTable
ALTER TABLE "FiscalDocument" ADD COLUMN "replacesDocumentId" TEXT;
ALTER TABLE "FiscalDocument" ADD COLUMN "substitutionReasonCode" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "FiscalDocument_replacesDocumentId_key" ON "FiscalDocument"("replacesDocumentId");

-- AlterTable
ALTER TABLE "SimulatorAbrasfNfse" ADD COLUMN "adnSharedAt" TIMESTAMP(3);
ALTER TABLE "SimulatorAbrasfNfse" ADD COLUMN "adnEventSharedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "SimulatorAbrasfNfse_environment_adnSharedAt_idx" ON "SimulatorAbrasfNfse"("environment", "adnSharedAt");
