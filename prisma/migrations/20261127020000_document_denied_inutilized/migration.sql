-- Two document statuses beyond the spec's five (docs/api-notes/documents.md, Denied and
-- inutilized documents): DENIED, an authorization answered with uso denegado (cStat 110, 301,
-- 302, 303: the number is used for good and the denied nfeProc is kept), and INUTILIZED, a
-- draft or rejected document whose number an authorized inutilization voided.

-- AlterEnum
ALTER TYPE "DocumentStatus" ADD VALUE 'DENIED';
ALTER TYPE "DocumentStatus" ADD VALUE 'INUTILIZED';

-- AlterEnum
ALTER TYPE "DocumentEventKind" ADD VALUE 'DENIAL';

-- AlterEnum
ALTER TYPE "AuthorityOutcome" ADD VALUE 'DENIED';

-- AlterTable
ALTER TABLE "FiscalDocument" ADD COLUMN "inutilizationId" TEXT;

-- AddForeignKey
ALTER TABLE "FiscalDocument" ADD CONSTRAINT "FiscalDocument_inutilizationId_fkey" FOREIGN KEY ("inutilizationId") REFERENCES "Inutilization"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The simulator keeps the denial's cStat to answer consultations and re-sends (205) as SEFAZ does.
ALTER TABLE "SimulatorDocument" ADD COLUMN "denialCStat" TEXT;
