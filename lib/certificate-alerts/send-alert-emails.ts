import { db, getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { sendCompanyNotice } from "@/lib/email/send-notice";
import { EMAIL_CLAIM_MS, EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_AFTER_MS } from "./config";
import { expiryMessage } from "./expiry-mail";

// The e-mail of each announced certificate alert, to the ADMIN users of the company's tenant,
// through the company's e-mail server (lib/email/send-notice.ts: its SMTP or SMTP_URL, the same
// host policy and From). Sent after the alert's commit, never inside it; the row is claimed for
// EMAIL_CLAIM_MS first, so two processes never send it at once, and its outcome is kept: SENT,
// FAILED (permanent, or temporary EMAIL_MAX_ATTEMPTS times), NOT_CONFIGURED or NO_RECIPIENTS.
// A temporary failure goes back to PENDING for the next check.

const CLAIM = `
  UPDATE "CertificateExpiryAlert" SET "emailClaimedAt" = $1::timestamp, "emailAttempts" = "emailAttempts" + 1
  WHERE "id" = (
    SELECT "id" FROM "CertificateExpiryAlert"
    WHERE "emailStatus" = 'PENDING' AND ("emailClaimedAt" IS NULL OR "emailClaimedAt" < $2::timestamp)
    ORDER BY "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING "id", "certificateId", "companyId", "threshold", "daysLeft", "emailAttempts"`;

type Claimed = { id: string; certificateId: string; companyId: string; threshold: number; daysLeft: number; emailAttempts: number };
type Outcome = { status: "PENDING" | "SENT" | "FAILED" | "NOT_CONFIGURED" | "NO_RECIPIENTS"; reply: string };

async function sendOne(alert: Claimed): Promise<Outcome> {
  const certificate = await db.certificate.findUniqueOrThrow({
    where: { id: alert.certificateId },
    select: { holderCnpj: true, serialNumber: true, notAfter: true, company: { select: { tenantId: true, cnpj: true, legalName: true, tradeName: true } } },
  });
  const admins = await db.user.findMany({ where: { tenantId: certificate.company.tenantId, role: "ADMIN", isActive: true }, select: { email: true }, orderBy: { email: "asc" } });
  if (admins.length === 0) return { status: "NO_RECIPIENTS", reply: "Nenhum usuário ADMIN ativo" };
  const message = expiryMessage({
    companyName: certificate.company.tradeName || certificate.company.legalName,
    cnpj: certificate.company.cnpj,
    holderCnpj: certificate.holderCnpj,
    serialNumber: certificate.serialNumber,
    notAfter: certificate.notAfter,
    threshold: alert.threshold,
    daysLeft: alert.daysLeft,
  });
  const outcome = await sendCompanyNotice(alert.companyId, { to: admins.map((admin) => admin.email), ...message });
  if (outcome.status !== "FAILED") return outcome;
  return { status: outcome.temporary && alert.emailAttempts < EMAIL_MAX_ATTEMPTS ? "PENDING" : "FAILED", reply: outcome.reply };
}

/** Sends every pending alert's e-mail once; the number sent now. */
export async function sendCertificateAlertEmails(): Promise<number> {
  const pool = getPool();
  let sent = 0;
  for (;;) {
    const [alert] = await sql<Claimed>(pool, CLAIM, [utc(new Date()), utc(new Date(Date.now() - EMAIL_CLAIM_MS))]);
    if (!alert) return sent;
    const outcome = await sendOne(alert).catch((error: unknown): Outcome => ({ status: "PENDING", reply: (error as Error).message }));
    const final = outcome.status === "PENDING" && alert.emailAttempts >= EMAIL_MAX_ATTEMPTS ? { ...outcome, status: "FAILED" as const } : outcome;
    // A temporary failure keeps its claim until EMAIL_RETRY_AFTER_MS from now: the next hourly check retries it, not this loop.
    const retryClaim = new Date(Date.now() + EMAIL_RETRY_AFTER_MS - EMAIL_CLAIM_MS);
    await db.certificateExpiryAlert.update({
      where: { id: alert.id },
      data: { emailStatus: final.status, emailReply: final.reply.slice(0, 1000), emailedAt: final.status === "SENT" ? new Date() : null, emailClaimedAt: final.status === "PENDING" ? retryClaim : null },
    });
    if (final.status === "SENT") sent += 1;
  }
}
