import { z } from "zod";

/** At most this many addresses per message (emailRecipients on create, `to` on a resend). */
export const MAX_EMAIL_RECIPIENTS = 10;

export const EmailAddress = z.string().trim().toLowerCase().max(254).pipe(z.email("must be an e-mail address"));

/** emailRecipients on create/PATCH and `to` on a resend: 1 to 10 distinct addresses. */
export const EmailRecipientList = z
  .array(EmailAddress)
  .min(1, "give at least one address")
  .max(MAX_EMAIL_RECIPIENTS, `at most ${MAX_EMAIL_RECIPIENTS} addresses`)
  .transform((list) => [...new Set(list)]);

/**
 * A client's e-mail field may hold several addresses (ERPs write "a@x.com; b@y.com"):
 * each valid one, once, at most MAX_EMAIL_RECIPIENTS.
 */
export function splitAddresses(field: string | null | undefined): string[] {
  const found = (field ?? "")
    .split(/[;,\s]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => EmailAddress.safeParse(part).success);
  return [...new Set(found)].slice(0, MAX_EMAIL_RECIPIENTS);
}

/** Who an outcome's message goes to: the document's emailRecipients when given (they win), else its client's addresses. */
export function defaultRecipients(document: { emailRecipients: string[]; clientSnapshot: unknown }): string[] {
  if (document.emailRecipients.length > 0) return document.emailRecipients;
  const snapshot = document.clientSnapshot as { email?: string | null } | null;
  return splitAddresses(snapshot?.email);
}
