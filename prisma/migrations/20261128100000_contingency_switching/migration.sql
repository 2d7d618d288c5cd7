-- Contingency switching (docs/api-notes/contingency.md): the company's choice of automatic
-- entry, and the streak of consecutive communication failures per company and model.

-- AlterTable
ALTER TABLE "Company" ADD COLUMN "contingencyAutomatic" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "AuthorizerFailureStreak" (
    "companyId" TEXT NOT NULL,
    "model" INTEGER NOT NULL,
    "failures" INTEGER NOT NULL,
    "firstFailureAt" TIMESTAMP(3) NOT NULL,
    "lastFailureAt" TIMESTAMP(3) NOT NULL,
    "lastReason" TEXT,

    CONSTRAINT "AuthorizerFailureStreak_pkey" PRIMARY KEY ("companyId","model")
);
