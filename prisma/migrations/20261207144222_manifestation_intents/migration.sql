-- The recipient's manifestation records its intent before the Ambiente Nacional is called
-- (docs/api-notes/received-documents.md, Lost answers): an answer lost or a crash between the
-- call and the recording leaves a PENDING intent that the next attempt on the document or the
-- company's distribution run finishes by consulting the access key.

-- CreateTable
CREATE TABLE "ManifestationIntent" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "receivedDocumentId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 1,
    "status" "EventIntentStatus" NOT NULL DEFAULT 'PENDING',
    "requestXml" TEXT NOT NULL,
    "justification" TEXT,
    "protocol" TEXT,
    "resolution" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "ManifestationIntent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ManifestationIntent_receivedDocumentId_status_idx" ON "ManifestationIntent"("receivedDocumentId", "status");

-- CreateIndex
CREATE INDEX "ManifestationIntent_companyId_status_createdAt_idx" ON "ManifestationIntent"("companyId", "status", "createdAt");

-- AddForeignKey
ALTER TABLE "ManifestationIntent" ADD CONSTRAINT "ManifestationIntent_receivedDocumentId_fkey" FOREIGN KEY ("receivedDocumentId") REFERENCES "ReceivedDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;
