import type { DbClient } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { getFiscalSettings } from "../fiscal-settings";

/** The fiscal settings as the API answers them: the CSC token and the CSRT are write-only (only whether they are set). */
export async function readApiFiscalSettings(companyId: string, client: DbClient = db) {
  const { cscToken, respTecCsrt, ...settings } = await getFiscalSettings(companyId, client);
  return { ...settings, cscTokenConfigured: !!cscToken, respTecCsrtConfigured: !!respTecCsrt };
}
