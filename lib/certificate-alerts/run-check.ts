import { announceCertificateExpiry } from "./announce";
import { sendCertificateAlertEmails } from "./send-alert-emails";

/** One expiry check: the webhooks of thresholds newly reached, then the e-mails still to send. */
export async function runCertificateExpiryCheck(now: Date = new Date()): Promise<{ announced: number; emailed: number }> {
  const announced = await announceCertificateExpiry(now);
  const emailed = await sendCertificateAlertEmails();
  return { announced, emailed };
}
