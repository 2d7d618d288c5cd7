-- CreateTable
CREATE TABLE "SimulatorAbrasfNfse" (
    "id" TEXT NOT NULL,
    "environment" INTEGER NOT NULL,
    "municipalityCode" TEXT NOT NULL,
    "providerCnpj" TEXT NOT NULL,
    "rpsNumber" TEXT NOT NULL,
    "rpsSeries" TEXT NOT NULL,
    "rpsType" TEXT NOT NULL,
    "nfseNumber" INTEGER NOT NULL,
    "verificationCode" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "nfseXml" TEXT NOT NULL,
    "cancellationXml" TEXT,
    "replacedBy" INTEGER,
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatorAbrasfNfse_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorAbrasfNfse_rps_key" ON "SimulatorAbrasfNfse"("environment", "municipalityCode", "providerCnpj", "rpsSeries", "rpsNumber", "rpsType");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorAbrasfNfse_number_key" ON "SimulatorAbrasfNfse"("environment", "municipalityCode", "providerCnpj", "nfseNumber");
