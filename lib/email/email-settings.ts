import type { CompanyEmailSettings } from "@prisma/client";
import { env } from "@/lib/config/env";
import { sealText } from "@/lib/crypto";
import { db, type DbClient } from "@/lib/db/client";
import { validationError } from "@/lib/errors";
import type { EmailSettingsInput, EmailSettingsResponse } from "./schemas";

/** The company's row, or null (the defaults: send on both outcomes through SMTP_URL). */
export function loadEmailSettings(companyId: string, client: DbClient = db): Promise<CompanyEmailSettings | null> {
  return client.companyEmailSettings.findUnique({ where: { companyId } });
}

export function presentEmailSettings(row: CompanyEmailSettings | null): EmailSettingsResponse {
  const installation = !!env().SMTP_URL;
  return {
    sendOnAuthorization: row?.sendOnAuthorization ?? true,
    sendOnCancellation: row?.sendOnCancellation ?? true,
    sendInHomologation: row?.sendInHomologation ?? false,
    replyTo: row?.replyTo ?? null,
    copyTo: row?.copyTo ?? null,
    smtpHost: row?.smtpHost ?? null,
    smtpPort: row?.smtpPort ?? null,
    smtpSecure: row?.smtpSecure ?? false,
    smtpUser: row?.smtpUser ?? null,
    // Write-only, like the CSC token: only whether it is set.
    smtpPasswordConfigured: !!row?.smtpPassword,
    fromAddress: row?.fromAddress ?? null,
    installationSmtpConfigured: installation,
    sending: row?.smtpHost ? "COMPANY" : installation ? "INSTALLATION" : "NOT_CONFIGURED",
  };
}

export async function getEmailSettings(companyId: string, client: DbClient = db): Promise<EmailSettingsResponse> {
  return presentEmailSettings(await loadEmailSettings(companyId, client));
}

/** Partial update: absent fields keep their value, null clears; the SMTP password is sealed at rest. */
export async function updateEmailSettings(companyId: string, input: EmailSettingsInput, client: DbClient = db): Promise<EmailSettingsResponse> {
  const current = await loadEmailSettings(companyId, client);
  const host = input.smtpHost === undefined ? (current?.smtpHost ?? null) : input.smtpHost;
  const user = input.smtpUser === undefined ? (current?.smtpUser ?? null) : input.smtpUser;
  const password = input.smtpPassword === undefined ? (current?.smtpPassword ?? null) : input.smtpPassword;
  if (password && !user) throw validationError("body.smtpUser: give the SMTP user with its password");
  if (!host && (input.smtpPort || input.smtpUser || input.smtpPassword)) throw validationError("body.smtpHost: give the SMTP host with its port, user or password");
  const { smtpPassword, ...rest } = input;
  const data = { ...rest, ...(smtpPassword === undefined ? {} : { smtpPassword: sealText(smtpPassword) }) };
  const row = await client.companyEmailSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data });
  return presentEmailSettings(row);
}
