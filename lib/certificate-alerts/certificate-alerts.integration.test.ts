import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { installTestCertificate } from "@/lib/certificates";
import { readinessChecklist } from "@/lib/companies/emission-prerequisites";
import { mimeParts, startLoopbackSmtp, type LoopbackSmtp } from "@/lib/email/testing/loopback-smtp";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { announceCertificate, announceCertificateExpiry } from "./announce";
import { runCertificateExpiryCheck } from "./run-check";
import { sendCertificateAlertEmails } from "./send-alert-emails";

// Issue 58 item 3: an active A1 nearing its notAfter is announced by webhook
// company.certificate_expiring (30, 15, 7, 1 days left) and once expired by
// company.certificate_expired, each once per certificate, with one e-mail to the tenant's
// ADMIN users through the company's e-mail server (here SMTP_URL on a loopback server).

const DAY = 86_400_000;
let smtp: LoopbackSmtp;

function useSmtp(url: string | undefined) {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetEnvCache();
}

async function companyWithCertificate(notAfter: Date): Promise<TestCompany & { certificateId: string; endpointId: string }> {
  const company = await createTestCompany();
  const certificate = await installTestCertificate({ companyId: company.companyId });
  // The certificate's dates as stored are what the check reads; a test A1 is issued for a year.
  await db.certificate.update({ where: { id: certificate.id }, data: { notAfter } });
  const unique = company.companyId.slice(-8);
  await db.user.create({ data: { tenantId: company.tenantId, email: `admin-${unique}@escritorio.com.br`, passwordHash: "x", role: "ADMIN" } });
  await db.user.create({ data: { tenantId: company.tenantId, email: `contador-${unique}@escritorio.com.br`, passwordHash: "x", role: "ACCOUNTANT" } });
  await db.user.create({ data: { tenantId: company.tenantId, email: `ex-admin-${unique}@escritorio.com.br`, passwordHash: "x", role: "ADMIN", isActive: false } });
  // Subscribed to the certificate events only, and filtered by document type: company events concern none and still arrive.
  const endpoint = await db.webhookEndpoint.create({
    data: { companyId: company.companyId, url: "https://erp.example.com/hooks", secret: "s".repeat(32), events: ["COMPANY_CERTIFICATE_EXPIRING", "COMPANY_CERTIFICATE_EXPIRED"], documentTypes: ["NFE"] },
  });
  return { ...company, certificateId: certificate.id, endpointId: endpoint.id };
}

async function deliveriesOf(companyId: string) {
  const deliveries = await db.webhookDelivery.findMany({ where: { companyId }, orderBy: { createdAt: "asc" } });
  const events = await db.webhookEvent.findMany({ where: { id: { in: deliveries.map((d) => d.eventId) } } });
  return deliveries.map((d) => ({ ...d, payload: JSON.parse(events.find((e) => e.id === d.eventId)!.payload) as { type: string; data: Record<string, unknown> } }));
}
/** The plain-text body of a received message, decoded. */
const textOf = (raw: string) => mimeParts(raw).find((part) => (part.headers["content-type"] ?? "").startsWith("text/plain"))!.body.toString("utf8");
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  process.env.SMTP_ALLOWED_HOSTS = "127.0.0.1";
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.replies.length = 0;
  useSmtp(smtp.url);
});
afterAll(async () => {
  delete process.env.SMTP_ALLOWED_HOSTS;
  useSmtp(undefined);
  await smtp?.close();
});

describe("certificate expiry alerts", () => {
  it("announces a certificate 15 days from expiry once (threshold 15), mails the ADMINs once, and a second check adds nothing", async () => {
    const now = new Date();
    const notAfter = new Date(now.getTime() + 15 * DAY + 3_600_000);
    const company = await companyWithCertificate(notAfter);
    const admin = `admin-${company.companyId.slice(-8)}@escritorio.com.br`;

    await runCertificateExpiryCheck(now);

    const deliveries = await deliveriesOf(company.companyId);
    expect(deliveries.map((d) => [d.eventType, d.endpointId])).toEqual([["company.certificate_expiring", company.endpointId]]);
    const payload = deliveries[0]!.payload;
    expect(payload.type).toBe("company.certificate_expiring");
    expect(payload.data).toEqual({
      companyId: company.companyId,
      certificateId: company.certificateId,
      serialNumber: expect.any(String),
      holderCnpj: company.cnpj,
      notAfter: notAfter.toISOString(),
      daysLeft: 15,
      threshold: 15,
      environment: "HOMOLOGATION",
    });
    // The 30-day threshold, reached in the same check, is recorded without a webhook of its own.
    const alerts = await db.certificateExpiryAlert.findMany({ where: { certificateId: company.certificateId }, orderBy: { threshold: "asc" } });
    expect(alerts.map((a) => [a.threshold, a.emailStatus])).toEqual([[15, "SENT"], [30, "SUPERSEDED"]]);

    // One message, to the active ADMIN only (not the accountant, not the deactivated admin).
    const mails = smtp.received.filter((mail) => mail.to.some((to) => to.endsWith(`${company.companyId.slice(-8)}@escritorio.com.br`)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([admin]);
    expect(textOf(mails[0]!.raw)).toMatch(/vence em .*: faltam 15 dias\./);

    // Again, as a restart or a second process would: nothing new.
    await runCertificateExpiryCheck(new Date(now.getTime() + 60_000));
    await runCertificateExpiryCheck(new Date(now.getTime() + 3_600_000));
    expect(await deliveriesOf(company.companyId)).toHaveLength(1);
    expect(mailsTo(admin)).toHaveLength(1);

    // The readiness item says the days left.
    const readiness = await readinessChecklist(company.companyId, db, now);
    const check = readiness.find((r) => r.type === "NFE")!.checks.find((c) => c.id === "certificate")!;
    expect(check.detail).toEqual({ key: "certificateValid", values: { date: notAfter.toISOString(), days: "15" } });
    expect(check.message).toContain("(15 days left)");
  });

  it("announces the next threshold when it is reached, and company.certificate_expired once after notAfter", async () => {
    const now = new Date();
    const notAfter = new Date(now.getTime() + 20 * DAY);
    const company = await companyWithCertificate(notAfter);
    const admin = `admin-${company.companyId.slice(-8)}@escritorio.com.br`;

    await runCertificateExpiryCheck(now);
    await runCertificateExpiryCheck(new Date(notAfter.getTime() - 6 * DAY - 60_000));
    await runCertificateExpiryCheck(new Date(notAfter.getTime() + 60_000));
    await runCertificateExpiryCheck(new Date(notAfter.getTime() + 2 * DAY));

    const deliveries = await deliveriesOf(company.companyId);
    expect(deliveries.map((d) => [d.eventType, d.payload.data])).toEqual([
      ["company.certificate_expiring", expect.objectContaining({ threshold: 30, daysLeft: 20 })],
      ["company.certificate_expiring", expect.objectContaining({ threshold: 7, daysLeft: 6 })],
      ["company.certificate_expired", expect.objectContaining({ threshold: 0, daysLeft: 0, notAfter: notAfter.toISOString() })],
    ]);
    expect(mailsTo(admin).map((mail) => textOf(mail.raw))).toEqual([
      expect.stringMatching(/faltam 20 dias/),
      expect.stringMatching(/faltam 6 dias/),
      expect.stringMatching(/venceu em .* está bloqueada/),
    ]);
  });

  it("announces each threshold once when several processes check the same certificate at the same moment", async () => {
    const now = new Date();
    const notAfter = new Date(now.getTime() - DAY);
    const company = await companyWithCertificate(notAfter);
    const stored = await db.company.findUniqueOrThrow({ where: { id: company.companyId } });
    const certificate = await db.certificate.findUniqueOrThrow({ where: { id: company.certificateId } });
    // Each process selected the certificate before any recorded it: the statement itself decides.
    const candidate = { id: certificate.id, companyId: company.companyId, serialNumber: certificate.serialNumber, holderCnpj: certificate.holderCnpj, notAfter, environment: stored.environment };
    const counts = await Promise.all([1, 2, 3, 4].map(() => announceCertificate(candidate, now)));
    expect(counts.sort()).toEqual([0, 0, 0, 1]);
    expect((await deliveriesOf(company.companyId)).map((d) => d.eventType)).toEqual(["company.certificate_expired"]);
    expect(await db.domainEvent.count({ where: { companyId: company.companyId } })).toBe(1);
    // And later, from its selection on, the check passes it by.
    expect(await announceCertificateExpiry(new Date(now.getTime() + DAY))).toBe(0);
  });

  it("keeps an e-mail refused for now (451) pending, retries it about an hour later, and sends it once", async () => {
    const now = new Date();
    const company = await companyWithCertificate(new Date(now.getTime() + 7 * DAY + 3_600_000));
    const admin = `admin-${company.companyId.slice(-8)}@escritorio.com.br`;
    // Other tests' alerts still waiting for their e-mail go first, so that the 451 is this one's.
    await sendCertificateAlertEmails();
    smtp.replies.push(451);
    await runCertificateExpiryCheck(now);
    const alert = () => db.certificateExpiryAlert.findUniqueOrThrow({ where: { certificateId_threshold: { certificateId: company.certificateId, threshold: 7 } } });
    expect(await alert()).toMatchObject({ emailStatus: "PENDING", emailAttempts: 1, emailReply: expect.stringMatching(/451/) });
    // The next check within the hour leaves it alone.
    await runCertificateExpiryCheck(now);
    expect(await alert()).toMatchObject({ emailStatus: "PENDING", emailAttempts: 1 });
    expect(mailsTo(admin)).toHaveLength(0);
    // An hour later (its hold moved back): sent, once.
    await db.certificateExpiryAlert.update({ where: { id: (await alert()).id }, data: { emailClaimedAt: new Date(Date.now() - 3_600_000) } });
    await runCertificateExpiryCheck(now);
    await runCertificateExpiryCheck(now);
    expect(await alert()).toMatchObject({ emailStatus: "SENT", emailAttempts: 2 });
    expect(mailsTo(admin)).toHaveLength(1);
    expect(await deliveriesOf(company.companyId)).toHaveLength(1);
  });

  it("leaves replaced certificates alone", async () => {
    const now = new Date();
    const company = await companyWithCertificate(new Date(now.getTime() + 3 * DAY));
    await db.certificate.update({ where: { id: company.certificateId }, data: { isActive: false, replacedAt: now } });
    await announceCertificateExpiry(now);
    expect(await deliveriesOf(company.companyId)).toHaveLength(0);
  });
});
