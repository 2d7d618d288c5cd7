-- Received documents (issue 38, docs/api-notes/received-documents.md): NF-e issued to the company,
-- fetched from the Ambiente Nacional's NFeDistribuicaoDFe, their events, the NSU cursor, and the
-- simulator's distribution per party.

-- AlterTable
ALTER TABLE "Company" ADD COLUMN "receivedAutoAcknowledge" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "ReceivedDocument" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "accessKey" TEXT NOT NULL,
    "issuerDocument" TEXT NOT NULL,
    "issuerName" TEXT NOT NULL,
    "issuerStateRegistration" TEXT,
    "issueDate" TIMESTAMP(3) NOT NULL,
    "totalValue" DECIMAL(15,2) NOT NULL,
    "operation" TEXT NOT NULL,
    "authorityStatus" TEXT NOT NULL,
    "authorizationProtocol" TEXT,
    "manifestation" TEXT NOT NULL DEFAULT 'PENDING',
    "manifestationRegisteredAt" TIMESTAMP(3),
    "manifestationProtocol" TEXT,
    "manifestationJustification" TEXT,
    "summaryXml" TEXT,
    "xml" TEXT,
    "nsu" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReceivedDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReceivedDocumentEvent" (
    "id" TEXT NOT NULL,
    "receivedDocumentId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "protocol" TEXT,
    "registeredAt" TIMESTAMP(3),
    "xml" TEXT NOT NULL,
    "nsu" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReceivedDocumentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReceivedSync" (
    "companyId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "lastNsu" TEXT NOT NULL DEFAULT '000000000000000',
    "maxNsu" TEXT NOT NULL DEFAULT '000000000000000',
    "notBefore" TIMESTAMP(3),
    "lastCStat" TEXT,
    "lastReason" TEXT,
    "lastRunAt" TIMESTAMP(3),
    "keyQueriesSince" TIMESTAMP(3),
    "keyQueries" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReceivedSync_pkey" PRIMARY KEY ("companyId","environment")
);

-- CreateTable
CREATE TABLE "SimulatorDistribution" (
    "id" TEXT NOT NULL,
    "environment" INTEGER NOT NULL,
    "party" TEXT NOT NULL,
    "nsu" BIGINT NOT NULL,
    "schema" TEXT NOT NULL,
    "accessKey" TEXT NOT NULL,
    "xml" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatorDistribution_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatorDistributionParty" (
    "environment" INTEGER NOT NULL,
    "party" TEXT NOT NULL,
    "lastNsu" BIGINT NOT NULL DEFAULT 0,
    "caughtUpAt" TIMESTAMP(3),
    "caughtUpNsu" BIGINT,
    "blockedUntil" TIMESTAMP(3),
    "windowStart" TIMESTAMP(3),
    "windowCalls" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SimulatorDistributionParty_pkey" PRIMARY KEY ("environment","party")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReceivedDocument_companyId_environment_accessKey_key" ON "ReceivedDocument"("companyId", "environment", "accessKey");

-- CreateIndex
CREATE INDEX "ReceivedDocument_companyId_environment_issueDate_idx" ON "ReceivedDocument"("companyId", "environment", "issueDate");

-- CreateIndex
CREATE UNIQUE INDEX "ReceivedDocumentEvent_receivedDocumentId_eventType_sequence_key" ON "ReceivedDocumentEvent"("receivedDocumentId", "eventType", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorDistribution_environment_party_nsu_key" ON "SimulatorDistribution"("environment", "party", "nsu");

-- CreateIndex
CREATE INDEX "SimulatorDistribution_environment_party_accessKey_idx" ON "SimulatorDistribution"("environment", "party", "accessKey");

-- AddForeignKey
ALTER TABLE "ReceivedDocument" ADD CONSTRAINT "ReceivedDocument_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReceivedDocumentEvent" ADD CONSTRAINT "ReceivedDocumentEvent_receivedDocumentId_fkey" FOREIGN KEY ("receivedDocumentId") REFERENCES "ReceivedDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReceivedSync" ADD CONSTRAINT "ReceivedSync_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
