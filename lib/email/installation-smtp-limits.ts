import { env } from "@/lib/config/env";
import { sqlOn } from "@/lib/db/sql";
import { db } from "@/lib/db/client";

// Issue 49, finding 6: the installation's SMTP server (SMTP_URL, the operator's reputation) sent
// any tenant's text to 500 addresses per request (10 emailRecipients × a batch of 50). Messages
// through it count their recipients (To and Cc) against a budget per company and per tenant over
// the last 24 hours; a message that would pass either is not sent. A company's own SMTP server
// is its own business and is not counted.

const SENT_TODAY = `SELECT
    COALESCE(SUM(cardinality(e."recipients") + cardinality(e."cc")) FILTER (WHERE e."companyId" = $1), 0)::int AS "company",
    COALESCE(SUM(cardinality(e."recipients") + cardinality(e."cc")), 0)::int AS "tenant"
  FROM "Company" c JOIN "DocumentEmail" e ON e."companyId" = c."id"
  WHERE c."tenantId" = (SELECT "tenantId" FROM "Company" WHERE "id" = $1)
    AND e."status" = 'SENT' AND e."sentAt" > (now() AT TIME ZONE 'UTC') - interval '24 hours'`;

/**
 * Addresses beyond the document's client go out through the installation's server only where the
 * operator allows it (EMAIL_RECIPIENTS_BEYOND_CLIENT=allow): otherwise any tenant could use it to
 * send its text to addresses of its choosing. A company's own server sends them.
 */
export function refusedBeyondClient(beyondClient: readonly string[]): string | null {
  if (beyondClient.length === 0 || env().EMAIL_RECIPIENTS_BEYOND_CLIENT === "allow") return null;
  return `Destinatários além do cliente do documento (${beyondClient.join(", ")}) não são enviados pelo servidor da instalação; configure o SMTP da própria empresa`;
}

/** Why a message of `recipients` addresses may not go out through the installation's server now, or null. */
export async function overDailyBudget(companyId: string, recipients: number): Promise<string | null> {
  const [sent] = await sqlOn<{ company: number; tenant: number }>(db, SENT_TODAY, [companyId]);
  const { EMAIL_DAILY_RECIPIENTS_PER_COMPANY: perCompany, EMAIL_DAILY_RECIPIENTS_PER_TENANT: perTenant } = env();
  if (sent!.company + recipients > perCompany) {
    return `Limite diário de e-mails da empresa pelo servidor da instalação atingido (${sent!.company} de ${perCompany} destinatários nas últimas 24 h); configure o SMTP da própria empresa ou reenvie depois`;
  }
  if (sent!.tenant + recipients > perTenant) {
    return `Limite diário de e-mails da conta pelo servidor da instalação atingido (${sent!.tenant} de ${perTenant} destinatários nas últimas 24 h); configure o SMTP da própria empresa ou reenvie depois`;
  }
  return null;
}
