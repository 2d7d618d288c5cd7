-- Account (tenant) API keys (docs/api-notes/authentication.md).
CREATE TABLE "AccountApiKey" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdByUserId" TEXT,

    CONSTRAINT "AccountApiKey_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "AccountApiKey_secretHash_key" ON "AccountApiKey"("secretHash");
CREATE INDEX "AccountApiKey_tenantId_idx" ON "AccountApiKey"("tenantId");
CREATE INDEX "AccountApiKey_createdByUserId_idx" ON "AccountApiKey"("createdByUserId");

ALTER TABLE "AccountApiKey" ADD CONSTRAINT "AccountApiKey_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AccountApiKey" ADD CONSTRAINT "AccountApiKey_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
