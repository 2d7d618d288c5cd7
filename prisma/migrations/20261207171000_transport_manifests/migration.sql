-- CreateEnum
CREATE TYPE "TransportManifestStatus" AS ENUM ('PROCESSING', 'AUTHORIZED', 'REJECTED', 'CLOSED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "TransportManifestEventStatus" AS ENUM ('PENDING', 'REGISTERED', 'REFUSED', 'NOT_REGISTERED');

-- CreateTable
CREATE TABLE "TransportManifest" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "series" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "accessKey" TEXT NOT NULL,
    "cMdf" TEXT NOT NULL,
    "status" "TransportManifestStatus" NOT NULL DEFAULT 'PROCESSING',
    "startUf" TEXT NOT NULL,
    "endUf" TEXT NOT NULL,
    "vehiclePlate" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "input" JSONB NOT NULL,
    "xml" TEXT NOT NULL,
    "qrCode" TEXT NOT NULL,
    "protocol" TEXT,
    "authorizedAt" TIMESTAMP(3),
    "rejectionCode" TEXT,
    "rejectionReason" TEXT,
    "closedAt" TIMESTAMP(3),
    "closedOn" TEXT,
    "closingMunicipalityCode" TEXT,
    "cancelledAt" TIMESTAMP(3),
    "cancellationReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TransportManifest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransportManifestDocument" (
    "id" TEXT NOT NULL,
    "manifestId" TEXT NOT NULL,
    "documentId" TEXT,
    "accessKey" TEXT NOT NULL,
    "unloadingMunicipalityCode" TEXT NOT NULL,
    "unloadingMunicipalityName" TEXT NOT NULL,

    CONSTRAINT "TransportManifestDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransportManifestEvent" (
    "id" TEXT NOT NULL,
    "manifestId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "eventCode" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "status" "TransportManifestEventStatus" NOT NULL DEFAULT 'PENDING',
    "requestXml" TEXT NOT NULL,
    "responseXml" TEXT,
    "protocol" TEXT,
    "cStat" TEXT,
    "reason" TEXT,
    "details" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "TransportManifestEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MdfeSimulatorManifest" (
    "id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "accessKey" TEXT NOT NULL,
    "cnpj" TEXT NOT NULL,
    "protocol" TEXT NOT NULL,
    "authorizedAt" TIMESTAMP(3) NOT NULL,
    "situation" TEXT NOT NULL,
    "plate" TEXT NOT NULL,
    "tpEmit" TEXT NOT NULL,
    "endUf" TEXT NOT NULL,
    "drivers" JSONB NOT NULL,
    "protMDFeXml" TEXT NOT NULL,
    "events" JSONB NOT NULL,

    CONSTRAINT "MdfeSimulatorManifest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TransportManifest_companyId_status_createdAt_idx" ON "TransportManifest"("companyId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TransportManifest_accessKey_key" ON "TransportManifest"("accessKey");

-- CreateIndex
CREATE UNIQUE INDEX "TransportManifest_companyId_environment_series_number_key" ON "TransportManifest"("companyId", "environment", "series", "number");

-- CreateIndex
CREATE INDEX "TransportManifestDocument_documentId_idx" ON "TransportManifestDocument"("documentId");

-- CreateIndex
CREATE UNIQUE INDEX "TransportManifestDocument_manifestId_accessKey_key" ON "TransportManifestDocument"("manifestId", "accessKey");

-- CreateIndex
CREATE INDEX "TransportManifestEvent_status_createdAt_idx" ON "TransportManifestEvent"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TransportManifestEvent_manifestId_eventCode_sequence_key" ON "TransportManifestEvent"("manifestId", "eventCode", "sequence");

-- CreateIndex
CREATE INDEX "MdfeSimulatorManifest_environment_plate_situation_idx" ON "MdfeSimulatorManifest"("environment", "plate", "situation");

-- CreateIndex
CREATE INDEX "MdfeSimulatorManifest_environment_cnpj_situation_idx" ON "MdfeSimulatorManifest"("environment", "cnpj", "situation");

-- CreateIndex
CREATE UNIQUE INDEX "MdfeSimulatorManifest_environment_accessKey_key" ON "MdfeSimulatorManifest"("environment", "accessKey");

-- AddForeignKey
ALTER TABLE "TransportManifest" ADD CONSTRAINT "TransportManifest_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransportManifestDocument" ADD CONSTRAINT "TransportManifestDocument_manifestId_fkey" FOREIGN KEY ("manifestId") REFERENCES "TransportManifest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransportManifestDocument" ADD CONSTRAINT "TransportManifestDocument_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransportManifestEvent" ADD CONSTRAINT "TransportManifestEvent_manifestId_fkey" FOREIGN KEY ("manifestId") REFERENCES "TransportManifest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

