import type { CompanyEmailSettings } from "@prisma/client";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { env } from "@/lib/config/env";
import { openText } from "@/lib/crypto";

// Which SMTP server sends a company's messages: its own (a host in its e-mail settings) wins over
// the installation's SMTP_URL; with neither, nothing is sent and the message is NOT_CONFIGURED.

export type SmtpTarget = { source: "company" | "installation"; transport: SMTPTransport.Options; fromAddress: string };

// Bounded waits: a server that never answers must not hold a worker slot for nodemailer's 10 minutes.
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export function resolveSmtpTarget(settings: Pick<CompanyEmailSettings, "smtpHost" | "smtpPort" | "smtpSecure" | "smtpUser" | "smtpPassword" | "fromAddress"> | null, issuerEmail: string | null): SmtpTarget | null {
  if (settings?.smtpHost) {
    const user = settings.smtpUser ?? undefined;
    const pass = openText(settings.smtpPassword) ?? undefined;
    return {
      source: "company",
      transport: {
        host: settings.smtpHost,
        port: settings.smtpPort ?? (settings.smtpSecure ? 465 : 587),
        secure: settings.smtpSecure,
        auth: user ? { user, pass } : undefined,
        ...TIMEOUTS,
      },
      fromAddress: settings.fromAddress ?? (user?.includes("@") ? user : null) ?? issuerEmail ?? `nfe@${settings.smtpHost}`,
    };
  }
  const url = env().SMTP_URL;
  if (!url) return null;
  return { source: "installation", transport: { ...transportFromUrl(url), ...TIMEOUTS }, fromAddress: env().SMTP_FROM ?? defaultFrom(url) };
}

/** smtp://user:pass@host:port or smtps://…: the URL's parts as nodemailer's options (percent-decoded credentials). */
export function transportFromUrl(url: string): SMTPTransport.Options {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass: decodeURIComponent(parsed.password) } : undefined,
  };
}

function defaultFrom(url: string): string {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  return user.includes("@") ? user : `nao-responda@${parsed.hostname}`;
}

/** "Issuer name <address>" unless the configured address already carries a name. */
export function fromHeader(fromAddress: string, issuerName: string): string {
  if (fromAddress.includes("<")) return fromAddress;
  return `"${issuerName.replace(/["\\\r\n]/g, "")}" <${fromAddress}>`;
}
