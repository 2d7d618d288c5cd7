-- Issue 56 (lookups): the recipient's registration check before an NF-e to a contributor, and the
-- taxpayer registry answers (CadConsultaCadastro4) cached per environment, state and document.
ALTER TABLE "Company" ADD COLUMN "recipientRegistrationBlocks" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE "TaxpayerRegistryAnswer" (
    "environment" "Environment" NOT NULL,
    "state" TEXT NOT NULL,
    "document" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "cStat" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "entries" JSONB NOT NULL,
    "consultedAt" TIMESTAMP(3) NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "TaxpayerRegistryAnswer_pkey" PRIMARY KEY ("environment","state","document")
);
