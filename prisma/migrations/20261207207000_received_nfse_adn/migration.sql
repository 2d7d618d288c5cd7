-- Received NFS-e from the ADN distribution (issue 57, item 5).

-- AlterTable
ALTER TABLE "ReceivedDocument" ADD COLUMN "documentType" TEXT NOT NULL DEFAULT 'NFE';

-- CreateTable
CREATE TABLE "ReceivedNfseSync" (
    "companyId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "lastNsu" BIGINT NOT NULL DEFAULT 0,
    "notBefore" TIMESTAMP(3),
    "lastStatus" TEXT,
    "lastReason" TEXT,
    "lastRunAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReceivedNfseSync_pkey" PRIMARY KEY ("companyId","environment")
);

-- AddForeignKey
ALTER TABLE "ReceivedNfseSync" ADD CONSTRAINT "ReceivedNfseSync_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "SimulatorNfse" ADD COLUMN "adnSharedAt" TIMESTAMP(3);
ALTER TABLE "SimulatorNfseEvent" ADD COLUMN "adnSharedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "SimulatorNfse_environment_adnSharedAt_idx" ON "SimulatorNfse"("environment", "adnSharedAt");
CREATE INDEX "SimulatorNfseEvent_adnSharedAt_idx" ON "SimulatorNfseEvent"("adnSharedAt");

-- CreateTable
CREATE TABLE "SimulatorAdnDocument" (
    "id" TEXT NOT NULL,
    "environment" INTEGER NOT NULL,
    "party" TEXT NOT NULL,
    "nsu" BIGINT NOT NULL,
    "accessKey" TEXT NOT NULL,
    "documentType" TEXT NOT NULL,
    "eventType" TEXT,
    "xml" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatorAdnDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorAdnDocument_environment_party_nsu_key" ON "SimulatorAdnDocument"("environment", "party", "nsu");
CREATE INDEX "SimulatorAdnDocument_environment_accessKey_idx" ON "SimulatorAdnDocument"("environment", "accessKey");

-- CreateTable
CREATE TABLE "SimulatorAdnParty" (
    "environment" INTEGER NOT NULL,
    "party" TEXT NOT NULL,
    "lastNsu" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "SimulatorAdnParty_pkey" PRIMARY KEY ("environment","party")
);

-- The ABRASF simulator's lots of RPS (RecepcionarLoteRps / ConsultarLoteRps, issue 57 item 2).
-- CreateTable
CREATE TABLE "SimulatorAbrasfLot" (
    "id" TEXT NOT NULL,
    "environment" INTEGER NOT NULL,
    "municipalityCode" TEXT NOT NULL,
    "providerCnpj" TEXT NOT NULL,
    "lotNumber" TEXT NOT NULL,
    "protocol" TEXT NOT NULL,
    "situation" TEXT NOT NULL,
    "resultXml" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatorAbrasfLot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorAbrasfLot_protocol_key" ON "SimulatorAbrasfLot"("protocol");
CREATE UNIQUE INDEX "SimulatorAbrasfLot_number_key" ON "SimulatorAbrasfLot"("environment", "municipalityCode", "providerCnpj", "lotNumber");
