import type { FiscalTemplate, Prisma } from "@prisma/client";
import { paginate, type Page } from "@/lib/contracts/pagination";
import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { decimalString } from "@/lib/contracts/decimal-string";
import type { CreateTemplateInput, ListTemplatesQuery, TemplateResponse, UpdateTemplateInput } from "./schemas";
import { ensureSystemTemplatesOnce } from "./system-templates";
import { templateColumns } from "./template-taxation";

export function toTemplateResponse(template: FiscalTemplate): TemplateResponse {
  return {
    id: template.id,
    name: template.name,
    type: template.type,
    source: template.source.toLowerCase() as TemplateResponse["source"],
    operationNature: template.operationNature,
    cfop: template.cfop,
    icmsOrigin: template.icmsOrigin,
    icmsCst: template.icmsCst,
    icmsRate: decimalString(template.icmsRate),
    ipiCst: template.ipiCst,
    ipiRate: decimalString(template.ipiRate),
    pisCst: template.pisCst,
    pisRate: decimalString(template.pisRate),
    cofinsCst: template.cofinsCst,
    cofinsRate: decimalString(template.cofinsRate),
    additionalInfo: template.additionalInfo,
    serviceCode: template.serviceCode,
    nationalServiceCode: template.nationalServiceCode,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

type Owner = { companyId: string; tenantId: string; taxRegime: Prisma.CompanyGetPayload<object>["taxRegime"] };

async function companyOwner(client: DbClient, companyId: string): Promise<Owner> {
  const company = await client.company.findUniqueOrThrow({ where: { id: companyId }, select: { tenantId: true, taxRegime: true } });
  return { companyId, ...company };
}

/** What a company sees: its own templates, its tenant's and the system's (spec, Fiscal templates). */
export function visibleTo(owner: { companyId: string; tenantId: string }): Prisma.FiscalTemplateWhereInput {
  return { OR: [{ source: "COMPANY", companyId: owner.companyId }, { source: "TENANT", tenantId: owner.tenantId }, { source: "SYSTEM" }] };
}

export async function listTemplates(companyId: string, query: ListTemplatesQuery, client: DbClient = db): Promise<Page<TemplateResponse>> {
  await ensureSystemTemplatesOnce();
  const owner = await companyOwner(client, companyId);
  const where: Prisma.FiscalTemplateWhereInput = { AND: [visibleTo(owner)] };
  if (query.type) where.type = query.type;
  if (query.source) where.source = query.source.toUpperCase() as FiscalTemplate["source"];
  if (query.search) where.name = { contains: query.search, mode: "insensitive" };
  return paginate(
    query,
    () => client.fiscalTemplate.count({ where }),
    // Enum order is SYSTEM, TENANT, COMPANY: descending shows the company's own first.
    async (window) => (await client.fiscalTemplate.findMany({ where, orderBy: [{ source: "desc" }, { name: "asc" }, { id: "asc" }], ...window })).map(toTemplateResponse),
  );
}

export async function getTemplate(companyId: string, id: string, client: DbClient = db): Promise<TemplateResponse> {
  await ensureSystemTemplatesOnce();
  const owner = await companyOwner(client, companyId);
  const template = await client.fiscalTemplate.findFirst({ where: { AND: [{ id }, visibleTo(owner)] } });
  if (!template) throw notFound("Template");
  return toTemplateResponse(template);
}

export async function createCompanyTemplate(companyId: string, input: CreateTemplateInput, client: DbClient = db): Promise<TemplateResponse> {
  const owner = await companyOwner(client, companyId);
  const data = templateColumns(input, owner.taxRegime);
  const created = await client.fiscalTemplate.create({ data: { ...(data as object), source: "COMPANY", companyId } as Prisma.FiscalTemplateUncheckedCreateInput });
  return toTemplateResponse(created);
}

/** Writes through the API reach company templates only; tenant and system ones answer 404 (spec). */
async function findCompanyTemplate(client: DbClient, companyId: string, id: string): Promise<FiscalTemplate> {
  const template = await client.fiscalTemplate.findFirst({ where: { id, source: "COMPANY", companyId } });
  if (!template) throw notFound("Template");
  return template;
}

function merge(current: FiscalTemplate, input: UpdateTemplateInput): CreateTemplateInput {
  const merged = { ...toTemplateResponse(current) } as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) if (value !== undefined) merged[key] = value;
  return merged as CreateTemplateInput;
}

export async function updateCompanyTemplate(companyId: string, id: string, input: UpdateTemplateInput, client: DbClient = db): Promise<TemplateResponse> {
  const current = await findCompanyTemplate(client, companyId, id);
  const owner = await companyOwner(client, companyId);
  const data = templateColumns(merge(current, input), owner.taxRegime);
  return toTemplateResponse(await client.fiscalTemplate.update({ where: { id: current.id }, data }));
}

export async function deleteCompanyTemplate(companyId: string, id: string, client: DbClient = db): Promise<void> {
  const current = await findCompanyTemplate(client, companyId, id);
  await client.fiscalTemplate.delete({ where: { id: current.id } });
}

// Tenant templates: shared by an accounting office across its companies and
// edited from the dashboard by tenant ADMIN users (the route checks the role).

async function findTenantTemplate(client: DbClient, tenantId: string, id: string): Promise<FiscalTemplate> {
  const template = await client.fiscalTemplate.findFirst({ where: { id, source: "TENANT", tenantId } });
  if (!template) throw notFound("Template");
  return template;
}

export async function createTenantTemplate(tenantId: string, input: CreateTemplateInput, client: DbClient = db): Promise<TemplateResponse> {
  const data = templateColumns(input, null);
  return toTemplateResponse(await client.fiscalTemplate.create({ data: { ...(data as object), source: "TENANT", tenantId } as Prisma.FiscalTemplateUncheckedCreateInput }));
}

export async function updateTenantTemplate(tenantId: string, id: string, input: UpdateTemplateInput, client: DbClient = db): Promise<TemplateResponse> {
  const current = await findTenantTemplate(client, tenantId, id);
  return toTemplateResponse(await client.fiscalTemplate.update({ where: { id: current.id }, data: templateColumns(merge(current, input), null) }));
}

export async function deleteTenantTemplate(tenantId: string, id: string, client: DbClient = db): Promise<void> {
  const current = await findTenantTemplate(client, tenantId, id);
  await client.fiscalTemplate.delete({ where: { id: current.id } });
}
