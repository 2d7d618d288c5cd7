-- Issue 50 item 2: EPEC contingency for NF-e (tpEmis 4, event 110140 at the Ambiente Nacional).
ALTER TYPE "ContingencyMode" ADD VALUE 'EPEC';

-- NF-e: the SVC refused (114) or did not answer during this contingency: the next NF-e go to EPEC at once.
ALTER TABLE "CompanyContingency" ADD COLUMN "svcUnavailableAt" TIMESTAMP(3);

ALTER TABLE "FiscalDocument" ADD COLUMN "epecProtocol" TEXT,
ADD COLUMN "epecRegisteredAt" TIMESTAMP(3),
ADD COLUMN "epecXml" TEXT;

-- The simulator's Ambiente Nacional: EPEC registered before their NF-e exists.
CREATE TABLE "SimulatorEpec" (
    "id" TEXT NOT NULL,
    "environment" INTEGER NOT NULL,
    "accessKey" TEXT NOT NULL,
    "cnpj" TEXT NOT NULL,
    "model" INTEGER NOT NULL,
    "series" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "dhEmi" TEXT NOT NULL,
    "tpNF" TEXT NOT NULL,
    "ie" TEXT NOT NULL,
    "destUf" TEXT NOT NULL,
    "destDocument" TEXT NOT NULL,
    "destIe" TEXT,
    "vNF" TEXT NOT NULL,
    "vICMS" TEXT NOT NULL,
    "vST" TEXT,
    "protocol" TEXT NOT NULL,
    "xml" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reconciledAt" TIMESTAMP(3),
    CONSTRAINT "SimulatorEpec_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "SimulatorEpec_environment_accessKey_key" ON "SimulatorEpec"("environment", "accessKey");
CREATE UNIQUE INDEX "SimulatorEpec_environment_cnpj_model_series_number_key" ON "SimulatorEpec"("environment", "cnpj", "model", "series", "number");
CREATE INDEX "SimulatorEpec_environment_cnpj_reconciledAt_idx" ON "SimulatorEpec"("environment", "cnpj", "reconciledAt");
