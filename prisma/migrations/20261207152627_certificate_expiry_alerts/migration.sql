-- Issue 58 item 3: certificate expiry alerts (lib/certificate-alerts). One row per certificate and
-- threshold notified (30, 15, 7, 1 days left; 0 = expired); the unique pair makes each threshold
-- announced once, whatever the restarts or processes.
CREATE TABLE "CertificateExpiryAlert" (
    "id" TEXT NOT NULL,
    "certificateId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "threshold" INTEGER NOT NULL,
    "daysLeft" INTEGER NOT NULL,
    "domainEventId" TEXT,
    "emailStatus" TEXT NOT NULL DEFAULT 'PENDING',
    "emailReply" TEXT,
    "emailAttempts" INTEGER NOT NULL DEFAULT 0,
    "emailClaimedAt" TIMESTAMP(3),
    "emailedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CertificateExpiryAlert_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "CertificateExpiryAlert_certificateId_threshold_key" ON "CertificateExpiryAlert"("certificateId", "threshold");
CREATE INDEX "CertificateExpiryAlert_emailStatus_idx" ON "CertificateExpiryAlert"("emailStatus");

ALTER TABLE "CertificateExpiryAlert" ADD CONSTRAINT "CertificateExpiryAlert_certificateId_fkey" FOREIGN KEY ("certificateId") REFERENCES "Certificate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- company.* events (certificate expiry) concern no document type: an endpoint's documentTypes
-- filter does not hold them back (its events and environments filters still apply).
CREATE OR REPLACE FUNCTION webhook_endpoint_subscribed(events text[], environments "Environment"[], document_types "DocumentType"[],
                                                       event_type text, environment "Environment", document_type "DocumentType") RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (coalesce(cardinality(events), 0) = 0 OR upper(replace(event_type, '.', '_')) = ANY (events))
     AND (event_type = 'document.inutilized' OR (
           (coalesce(cardinality(environments), 0) = 0 OR environment = ANY (environments))
       AND (coalesce(cardinality(document_types), 0) = 0 OR document_type = ANY (document_types) OR event_type LIKE 'company.%')))
$$;
