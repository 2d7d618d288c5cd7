import { db } from "@/lib/db/client";
import type { UpdateExportSettingsInput } from "./schemas";

// The company's export settings: accountantEmail receives, on the first day of each
// month, the link to the previous month's ZIP (housekeeping.ts).

export async function getExportSettings(companyId: string): Promise<{ accountantEmail: string | null }> {
  const row = await db.companyExportSettings.findUnique({ where: { companyId } });
  return { accountantEmail: row?.accountantEmail ?? null };
}

export async function updateExportSettings(companyId: string, input: UpdateExportSettingsInput): Promise<{ accountantEmail: string | null }> {
  const row = await db.companyExportSettings.upsert({
    where: { companyId },
    create: { companyId, accountantEmail: input.accountantEmail },
    update: { accountantEmail: input.accountantEmail },
  });
  return { accountantEmail: row.accountantEmail };
}
