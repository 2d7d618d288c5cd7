import type { Certificate } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";

/** What the dashboard and API may show about a certificate: never the file nor its password. */
export type CertificateSummary = {
  id: string;
  holderName: string;
  holderCnpj: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  daysLeft: number;
  expired: boolean;
  /** True from 30 days before expiry, so the accountant renews in time. */
  expiresSoon: boolean;
  installedAt: string;
};

export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

function holderNameOf(subject: string): string {
  const cn = /(?:^|, )CN=([^,]*)/.exec(subject)?.[1] ?? subject;
  return cn.includes(":") ? cn.slice(0, cn.lastIndexOf(":")) : cn;
}

type SummarySource = Pick<Certificate, "id" | "subject" | "issuer" | "serialNumber" | "holderCnpj" | "notBefore" | "notAfter" | "createdAt">;

/** Whole days left before notAfter (0 once expired): what the dashboard, readiness and the expiry alerts all say. */
export function certificateDaysLeft(notAfter: Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS));
}

export function toCertificateSummary(record: SummarySource, now: Date = new Date()): CertificateSummary {
  const remainingMs = record.notAfter.getTime() - now.getTime();
  const daysLeft = certificateDaysLeft(record.notAfter, now);
  return {
    id: record.id,
    holderName: holderNameOf(record.subject),
    holderCnpj: record.holderCnpj,
    subject: record.subject,
    issuer: record.issuer,
    serialNumber: record.serialNumber,
    notBefore: record.notBefore.toISOString(),
    notAfter: record.notAfter.toISOString(),
    daysLeft,
    expired: remainingMs <= 0,
    expiresSoon: remainingMs > 0 && remainingMs <= EXPIRY_WARNING_DAYS * DAY_MS,
    installedAt: record.createdAt.toISOString(),
  };
}

/** The company's active certificate, or null when none was installed. */
export async function getActiveCertificate(companyId: string, client: DbClient = db): Promise<CertificateSummary | null> {
  const record = await client.certificate.findFirst({
    where: { companyId, isActive: true },
    orderBy: { createdAt: "desc" },
    select: { id: true, subject: true, issuer: true, serialNumber: true, holderCnpj: true, notBefore: true, notAfter: true, createdAt: true },
  });
  return record ? toCertificateSummary(record) : null;
}
