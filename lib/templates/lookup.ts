import type { FiscalTemplate } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { ensureSystemTemplatesOnce } from "./system-templates";
import { visibleTo } from "./template-service";

/**
 * The templateId of a document: unknown or invisible → 422 invalid_template;
 * NFE/NFCE documents use NFE templates and NFSE uses NFSE → otherwise 422
 * template_type_mismatch (spec, Fiscal templates).
 */
export async function findUsableTemplate(companyId: string, templateId: string, documentType: "NFE" | "NFCE" | "NFSE", client: DbClient = db): Promise<FiscalTemplate> {
  await ensureSystemTemplatesOnce();
  const company = await client.company.findUniqueOrThrow({ where: { id: companyId }, select: { tenantId: true } });
  const template = await client.fiscalTemplate.findFirst({ where: { AND: [{ id: templateId }, visibleTo({ companyId, tenantId: company.tenantId })] } });
  if (!template) throw unprocessable("invalid_template", `Template ${templateId} does not exist or is not visible to this company`);
  const expected = documentType === "NFSE" ? "NFSE" : "NFE";
  if (template.type !== expected) {
    throw unprocessable("template_type_mismatch", `Template ${templateId} is an ${template.type} template; an ${documentType} document uses ${expected} templates`);
  }
  return template;
}
