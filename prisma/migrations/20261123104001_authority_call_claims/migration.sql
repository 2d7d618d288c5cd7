-- CreateTable
CREATE TABLE "AuthorityCallClaim" (
    "key" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuthorityCallClaim_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "AuthorityCallClaim_companyId_expiresAt_idx" ON "AuthorityCallClaim"("companyId", "expiresAt");
