-- Emission in contingency (docs/api-notes/contingency.md): the number and key of an emission
-- attempt that got no answer and was re-issued in contingency under the next number, until
-- the authority says what it holds (cancelled by substitution / cancelled / inutilized).

-- CreateEnum
CREATE TYPE "AttemptResolution" AS ENUM ('PENDING', 'CANCELLED_BY_SUBSTITUTION', 'CANCELLED', 'INUTILIZED', 'DENIED', 'NEEDS_ATTENTION');

-- CreateTable
CREATE TABLE "ReplacedEmissionAttempt" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "model" INTEGER NOT NULL,
    "series" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "accessKey" TEXT NOT NULL,
    "signedXml" TEXT,
    "resolution" "AttemptResolution" NOT NULL DEFAULT 'PENDING',
    "protocol" TEXT,
    "inutilizationId" TEXT,
    "detail" TEXT,
    "resolvedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReplacedEmissionAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReplacedEmissionAttempt_number_key" ON "ReplacedEmissionAttempt"("companyId", "environment", "model", "series", "number");

-- CreateIndex
CREATE INDEX "ReplacedEmissionAttempt_companyId_resolution_idx" ON "ReplacedEmissionAttempt"("companyId", "resolution");

-- CreateIndex
CREATE INDEX "ReplacedEmissionAttempt_documentId_idx" ON "ReplacedEmissionAttempt"("documentId");

-- AddForeignKey
ALTER TABLE "ReplacedEmissionAttempt" ADD CONSTRAINT "ReplacedEmissionAttempt_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReplacedEmissionAttempt" ADD CONSTRAINT "ReplacedEmissionAttempt_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;
