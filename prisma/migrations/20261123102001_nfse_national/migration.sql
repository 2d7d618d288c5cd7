-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "dpsSeries" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "nfseIssRate" DECIMAL(7,4),
ADD COLUMN     "nfseMunicipalServiceCode" TEXT,
ADD COLUMN     "nfseNbsCode" TEXT,
ADD COLUMN     "nfseRegApTribSN" INTEGER,
ADD COLUMN     "nfseRegEspTrib" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "nfseServiceCode" TEXT;

-- AlterTable
ALTER TABLE "FiscalDocument" ADD COLUMN     "dpsId" TEXT;

-- CreateTable
CREATE TABLE "SimulatorNfse" (
    "id" TEXT NOT NULL,
    "environment" INTEGER NOT NULL,
    "dpsId" TEXT NOT NULL,
    "accessKey" TEXT NOT NULL,
    "inscription" TEXT NOT NULL,
    "nNFSe" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "nfseXml" TEXT NOT NULL,
    "processedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatorNfse_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatorNfseEvent" (
    "id" TEXT NOT NULL,
    "nfseId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "eventXml" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatorNfseEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorNfse_environment_dpsId_key" ON "SimulatorNfse"("environment", "dpsId");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorNfse_environment_accessKey_key" ON "SimulatorNfse"("environment", "accessKey");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorNfse_environment_inscription_nNFSe_key" ON "SimulatorNfse"("environment", "inscription", "nNFSe");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorNfseEvent_nfseId_eventType_sequence_key" ON "SimulatorNfseEvent"("nfseId", "eventType", "sequence");

-- CreateIndex
CREATE INDEX "FiscalDocument_dpsId_idx" ON "FiscalDocument"("dpsId");

-- AddForeignKey
ALTER TABLE "SimulatorNfseEvent" ADD CONSTRAINT "SimulatorNfseEvent_nfseId_fkey" FOREIGN KEY ("nfseId") REFERENCES "SimulatorNfse"("id") ON DELETE CASCADE ON UPDATE CASCADE;

