-- Emission that follows the authority (docs/api-notes/emission.md): why an unsettled
-- emission waits, consumo indevido pauses per company and authorizer, and the shared
-- status-service answers.
ALTER TABLE "FiscalDocument" ADD COLUMN "processingReason" TEXT;

CREATE TABLE "AuthorityPause" (
    "companyId" TEXT NOT NULL,
    "authorizer" TEXT NOT NULL,
    "until" TIMESTAMP(3) NOT NULL,
    "cStat" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuthorityPause_pkey" PRIMARY KEY ("companyId","authorizer")
);

CREATE TABLE "AuthorityStatusCache" (
    "key" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "url" TEXT NOT NULL,
    "via" TEXT NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuthorityStatusCache_pkey" PRIMARY KEY ("key")
);
