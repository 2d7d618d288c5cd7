import { randomUUID } from "node:crypto";
import { certificateDaysLeft } from "@/lib/certificates/certificate-summary";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { CERTIFICATE_EXPIRED_EVENT, CERTIFICATE_EXPIRING_EVENT, EXPIRED_THRESHOLD, EXPIRY_ALERT_THRESHOLDS, reachedThreshold, thresholdsUpTo } from "./config";

// The webhooks of an active A1 nearing or past its notAfter (issue 58 item 3): a DomainEvent
// company.certificate_expiring at 30, 15, 7 and 1 days left, company.certificate_expired once,
// each written in the statement that records its threshold in CertificateExpiryAlert
// (unique per certificate and threshold), so restarts, retries and concurrent processes announce
// a threshold once; the DomainEvent trigger fans it out to subscribed endpoints like any outcome.
// A check that finds several thresholds reached at once (a certificate installed 10 days before
// expiry, a server down for weeks) announces only the nearest and records the others as superseded.

const HORIZON_MS = (Math.max(...EXPIRY_ALERT_THRESHOLDS) + 1) * 86_400_000;

const CANDIDATES = `
  SELECT c."id", c."companyId", c."serialNumber", c."holderCnpj", c."notAfter", co."environment"
  FROM "Certificate" c JOIN "Company" co ON co."id" = c."companyId"
  WHERE c."isActive" AND c."notAfter" <= $1::timestamp
    AND NOT EXISTS (SELECT 1 FROM "CertificateExpiryAlert" a WHERE a."certificateId" = c."id" AND a."threshold" = ${EXPIRED_THRESHOLD})
  ORDER BY c."notAfter"`;

// $1 certificate, $2 company, $3 thresholds recorded, $4 the one announced, $5 days left, $6 now,
// $7 event id, $8 event type, $9 environment, $10 data.
const ANNOUNCE = `
  WITH alerts AS (
    INSERT INTO "CertificateExpiryAlert" ("id", "certificateId", "companyId", "threshold", "daysLeft", "domainEventId", "emailStatus", "createdAt")
    SELECT gen_random_uuid()::text, $1, $2, t, $5, CASE WHEN t = $4 THEN $7 END, CASE WHEN t = $4 THEN 'PENDING' ELSE 'SUPERSEDED' END, $6::timestamp
    FROM unnest($3::int[]) t
    ON CONFLICT ("certificateId", "threshold") DO NOTHING
    RETURNING "threshold"
  )
  INSERT INTO "DomainEvent" ("id", "companyId", "type", "environment", "data", "createdAt")
  SELECT $7, $2, $8, $9::"Environment", $10::jsonb, $6::timestamp WHERE EXISTS (SELECT 1 FROM alerts WHERE "threshold" = $4)
  RETURNING "id"`;

export type ExpiryCandidate = { id: string; companyId: string; serialNumber: string; holderCnpj: string; notAfter: Date; environment: "PRODUCTION" | "HOMOLOGATION" };

/** The webhook data of a certificate alert (docs/api-notes/webhooks.md). */
export function certificateAlertData(certificate: ExpiryCandidate, threshold: number, daysLeft: number) {
  return {
    companyId: certificate.companyId,
    certificateId: certificate.id,
    serialNumber: certificate.serialNumber,
    holderCnpj: certificate.holderCnpj,
    notAfter: certificate.notAfter.toISOString(),
    daysLeft,
    threshold,
    environment: certificate.environment,
  };
}

/** Announces every threshold newly reached by an active certificate; the number of events written now. */
export async function announceCertificateExpiry(now: Date = new Date()): Promise<number> {
  const rows = await sql<ExpiryCandidate>(getPool(), CANDIDATES, [utc(new Date(now.getTime() + HORIZON_MS))]);
  let announced = 0;
  for (const row of rows) announced += await announceCertificate({ ...row, notAfter: new Date(row.notAfter) }, now);
  return announced;
}

/**
 * The threshold this certificate has reached, announced unless already recorded: 1 when this call
 * wrote its event, 0 otherwise (another process, an earlier check, or nothing reached yet).
 */
export async function announceCertificate(certificate: ExpiryCandidate, now: Date): Promise<number> {
  const expired = certificate.notAfter.getTime() <= now.getTime();
  const daysLeft = certificateDaysLeft(certificate.notAfter, now);
  const threshold = reachedThreshold(daysLeft, expired);
  if (threshold === null) return 0;
  const type = threshold === EXPIRED_THRESHOLD ? CERTIFICATE_EXPIRED_EVENT : CERTIFICATE_EXPIRING_EVENT;
  const data = certificateAlertData(certificate, threshold, daysLeft);
  const inserted = await sql(getPool(), ANNOUNCE, [certificate.id, certificate.companyId, thresholdsUpTo(threshold), threshold, daysLeft, utc(now), randomUUID(), type, certificate.environment, JSON.stringify(data)]);
  return inserted.length;
}
