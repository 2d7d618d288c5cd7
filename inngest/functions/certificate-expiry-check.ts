import { inngest } from "@/lib/jobs/inngest-client";
import { CERTIFICATE_EXPIRY_CHECK_FUNCTION_ID } from "@/lib/certificate-alerts/config";
import { announceCertificateExpiry } from "@/lib/certificate-alerts/announce";
import { sendCertificateAlertEmails } from "@/lib/certificate-alerts/send-alert-emails";

/**
 * With Inngest: every hour, the webhooks of active certificates reaching 30, 15, 7 or 1 days left
 * or expiring (company.certificate_expiring / company.certificate_expired), then their e-mails to
 * the ADMIN users. The local driver has no schedules: the web process runs the same calls on a
 * timer (lib/certificate-alerts/check-timer.ts). Both steps are idempotent (state in PostgreSQL).
 */
export const certificateExpiryCheckFunction = inngest.createFunction(
  { id: CERTIFICATE_EXPIRY_CHECK_FUNCTION_ID, name: "Certificate expiry check", triggers: [{ cron: "TZ=America/Sao_Paulo 20 * * * *" }], retries: 2 },
  async ({ step }) => {
    const announced = await step.run("announce", () => announceCertificateExpiry());
    const emailed = await step.run("email", () => sendCertificateAlertEmails());
    return { announced, emailed };
  },
);
