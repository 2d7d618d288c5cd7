-- Exports for the accountant (docs/api-notes/exports.md): the export runs, the company's
-- accountant e-mail, and the index the export walks documents by (company, issue date, id).

-- CreateEnum
CREATE TYPE "ExportStatus" AS ENUM ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "ExportOrigin" AS ENUM ('API', 'DASHBOARD', 'MONTHLY');

-- CreateEnum
CREATE TYPE "ExportMailStatus" AS ENUM ('SENT', 'FAILED', 'NOT_CONFIGURED');

-- CreateTable
CREATE TABLE "DocumentExport" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "fromDate" TEXT NOT NULL,
    "toDate" TEXT NOT NULL,
    "documentTypes" "DocumentType"[],
    "include" JSONB NOT NULL,
    "origin" "ExportOrigin" NOT NULL DEFAULT 'API',
    "status" "ExportStatus" NOT NULL DEFAULT 'QUEUED',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "sizeBytes" BIGINT NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "monthlyPeriod" TEXT,
    "mailTo" TEXT,
    "mailStatus" "ExportMailStatus",
    "mailReply" TEXT,
    "mailedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "DocumentExport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyExportSettings" (
    "companyId" TEXT NOT NULL,
    "accountantEmail" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CompanyExportSettings_pkey" PRIMARY KEY ("companyId")
);

-- CreateIndex
CREATE UNIQUE INDEX "DocumentExport_companyId_monthlyPeriod_key" ON "DocumentExport"("companyId", "monthlyPeriod");

-- CreateIndex
CREATE INDEX "DocumentExport_companyId_createdAt_idx" ON "DocumentExport"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "DocumentExport_status_expiresAt_idx" ON "DocumentExport"("status", "expiresAt");

-- The export's walk: a company's documents of a period in (issueDateTime, id) order, a page at a time.
CREATE INDEX "FiscalDocument_companyId_issueDateTime_id_idx" ON "FiscalDocument"("companyId", "issueDateTime", "id");

-- AddForeignKey
ALTER TABLE "DocumentExport" ADD CONSTRAINT "DocumentExport_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyExportSettings" ADD CONSTRAINT "CompanyExportSettings_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
