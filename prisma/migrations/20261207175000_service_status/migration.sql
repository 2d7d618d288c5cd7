-- Issue 58 item 2: status page. Every exchange with a tax authority (its duration), for the last
-- hour's p50/p99 per authorizer and model; and the last state per authorizer (operational or
-- outage), whose change writes the authority.outage_started / authority.outage_ended events.
CREATE TABLE "AuthorityCallSample" (
    "id" BIGSERIAL NOT NULL,
    "authorizer" TEXT NOT NULL,
    "model" INTEGER NOT NULL,
    "environment" "Environment" NOT NULL,
    "service" TEXT NOT NULL,
    "answered" BOOLEAN NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuthorityCallSample_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AuthorityCallSample_at_idx" ON "AuthorityCallSample"("at");

CREATE TABLE "AuthorizerState" (
    "authorizer" TEXT NOT NULL,
    "model" INTEGER NOT NULL,
    "environment" "Environment" NOT NULL,
    "state" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "cStat" TEXT,
    "since" TIMESTAMP(3) NOT NULL,
    "outageId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuthorizerState_pkey" PRIMARY KEY ("authorizer","model","environment")
);
