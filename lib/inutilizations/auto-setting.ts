import { z } from "zod";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { setAutoInutilize } from "@/lib/numbering";

// The dashboard's switch of the automatic inutilization of a series (numbering page), in the
// company's current environment; the account API sets it on PATCH /v1/companies/{id}/series.

export const AutoInutilizeSettingInput = z
  .object({ model: z.enum(["55", "65"]), series: z.number().int().min(0).max(999), autoInutilize: z.boolean() })
  .strict();
export type AutoInutilizeSettingInput = z.infer<typeof AutoInutilizeSettingInput>;

export const AutoInutilizeSetting = AutoInutilizeSettingInput.extend({ environment: z.enum(["PRODUCTION", "HOMOLOGATION"]) });
export type AutoInutilizeSetting = z.infer<typeof AutoInutilizeSetting>;

export async function setSeriesAutoInutilize(companyId: string, body: AutoInutilizeSettingInput): Promise<AutoInutilizeSetting> {
  const company = await db.company.findFirst({ where: { id: companyId }, select: { environment: true } });
  if (!company) throw notFound("Company");
  await setAutoInutilize({ companyId, model: body.model === "65" ? 65 : 55, series: body.series, environment: company.environment, autoInutilize: body.autoInutilize });
  return { ...body, environment: company.environment };
}
