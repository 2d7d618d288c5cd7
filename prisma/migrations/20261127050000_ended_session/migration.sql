-- Dashboard sessions ended by signing out (issue 34 problem 11; lib/auth/ended-sessions.ts).
CREATE TABLE "EndedSession" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "endedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EndedSession_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "EndedSession_expiresAt_idx" ON "EndedSession"("expiresAt");
