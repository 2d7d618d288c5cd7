import type { NfeTaxRule, NfseTaxRule, Prisma, TaxRule, TaxRuleModel } from "@prisma/client";
import { paginate, type Page } from "@/lib/contracts/pagination";
import { withTransaction } from "@/lib/db/with-transaction";
import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { decimalString } from "@/lib/contracts/decimal-string";
import { invalidTaxation, type TaxRegime } from "@/lib/tax/taxation-rules";
import type { CreateTaxRuleInput, ListTaxRulesQuery, NfeSubRuleInput, NfseSubRuleInput, TaxRuleResponse, UpdateTaxRuleInput } from "./schemas";
import { validateNfeSubRule, validateNfseSubRule } from "./validate-sub-rules";

type TaxRuleWithSubRules = TaxRule & { nfeTaxRules: NfeTaxRule[]; nfseTaxRules: NfseTaxRule[] };
const withSubRules = { nfeTaxRules: { orderBy: { position: "asc" } }, nfseTaxRules: { orderBy: { position: "asc" } } } as const;

const NFE_RATES = ["icmsPIcms", "icmsRedBc", "icmsStMva", "icmsStRate", "icmsStRedBc", "icmsSnCreditRate", "pisPPis", "cofinsPCofins", "ipiPIpi"] as const;
const NFSE_OPTIONAL_RATES = ["irRate", "inssRate", "csllRate"] as const;

export function toTaxRuleResponse(rule: TaxRuleWithSubRules): TaxRuleResponse {
  return {
    id: rule.id,
    name: rule.name,
    model: rule.model,
    isActive: rule.isActive,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
    nfeTaxRules: rule.nfeTaxRules.map(({ taxRuleId: _t, position: _p, ...sub }) => {
      const out: Record<string, unknown> = { ...sub };
      for (const field of NFE_RATES) out[field] = decimalString(sub[field]);
      return out as TaxRuleResponse["nfeTaxRules"][number];
    }),
    nfseTaxRules: rule.nfseTaxRules.map(({ taxRuleId: _t, position: _p, ...sub }) => ({
      ...sub,
      issRate: decimalString(sub.issRate),
      pisRate: decimalString(sub.pisRate),
      cofinsRate: decimalString(sub.cofinsRate),
      deductionsRate: decimalString(sub.deductionsRate),
      ...Object.fromEntries(NFSE_OPTIONAL_RATES.map((field) => [field, decimalString(sub[field])])),
    }) as TaxRuleResponse["nfseTaxRules"][number]),
  };
}

function nfeRows(regime: TaxRegime, subRules: NfeSubRuleInput[]): Prisma.NfeTaxRuleCreateWithoutTaxRuleInput[] {
  return subRules.map((input, position) => {
    const result = validateNfeSubRule(regime, input);
    if (!result.ok) throw invalidTaxation(`nfeTaxRules.${position}.${result.field ?? "icmsCst"}: ${result.reason}`);
    return { ...result.data, position };
  });
}

function nfseRows(subRules: NfseSubRuleInput[]): Prisma.NfseTaxRuleCreateWithoutTaxRuleInput[] {
  return subRules.map((input, position) => {
    const result = validateNfseSubRule(input);
    if (!result.ok) throw invalidTaxation(`nfseTaxRules.${position}.${result.field ?? "issRate"}: ${result.reason}`);
    const { issRate, pisRate, cofinsRate, deductionsRate, irRate, inssRate, csllRate, ...rest } = result.data;
    const opt = (v: typeof irRate) => (v === null || v === undefined ? null : String(v));
    return {
      ...rest, name: rest.name || null, operationNature: rest.operationNature || null, additionalInfo: rest.additionalInfo || null,
      piscofinsCst: rest.piscofinsCst || null, issRate: String(issRate), pisRate: String(pisRate), cofinsRate: String(cofinsRate),
      deductionsRate: String(deductionsRate), irRate: opt(irRate), inssRate: opt(inssRate), csllRate: opt(csllRate), position,
    };
  });
}

/** A rule applies to one model; sub-rules of the other model cannot be stored on it. */
function assertSubRulesMatchModel(model: TaxRuleModel, nfe: unknown[] | undefined, nfse: unknown[] | undefined) {
  if (model === "NFE" && nfse && nfse.length > 0) throw invalidTaxation("nfseTaxRules: an NFE tax rule takes nfeTaxRules only");
  if (model === "NFSE" && nfe && nfe.length > 0) throw invalidTaxation("nfeTaxRules: an NFSE tax rule takes nfseTaxRules only");
}

async function companyRegime(tx: DbClient, companyId: string): Promise<TaxRegime> {
  return (await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { taxRegime: true } })).taxRegime;
}

export async function createTaxRule(companyId: string, input: CreateTaxRuleInput, client: DbClient = db): Promise<TaxRuleResponse> {
  assertSubRulesMatchModel(input.model, input.nfeTaxRules, input.nfseTaxRules);
  return withTransaction(client, async (tx) => {
    const regime = await companyRegime(tx, companyId);
    const created = await tx.taxRule.create({
      data: {
        companyId, name: input.name, model: input.model, isActive: input.isActive,
        nfeTaxRules: { create: nfeRows(regime, input.nfeTaxRules) },
        nfseTaxRules: { create: nfseRows(input.nfseTaxRules) },
      },
      include: withSubRules,
    });
    return toTaxRuleResponse(created);
  });
}

/** Removed rules (soft delete) are not found, as if they never existed. */
async function findTaxRule(tx: DbClient, companyId: string, id: string): Promise<TaxRuleWithSubRules> {
  const rule = await tx.taxRule.findFirst({ where: { id, companyId, deletedAt: null }, include: withSubRules });
  if (!rule) throw notFound("Tax rule");
  return rule;
}

export async function getTaxRule(companyId: string, id: string, client: DbClient = db): Promise<TaxRuleResponse> {
  return toTaxRuleResponse(await findTaxRule(client, companyId, id));
}

export async function listTaxRules(companyId: string, query: ListTaxRulesQuery, client: DbClient = db): Promise<Page<TaxRuleResponse>> {
  const where: Prisma.TaxRuleWhereInput = { companyId, deletedAt: null };
  if (query.model) where.model = query.model;
  if (query.isActive !== undefined) where.isActive = query.isActive;
  if (query.search) where.name = { contains: query.search, mode: "insensitive" };
  return paginate(
    query,
    () => client.taxRule.count({ where }),
    async (window) => (await client.taxRule.findMany({ where, include: withSubRules, orderBy: [{ name: "asc" }, { id: "asc" }], ...window })).map(toTaxRuleResponse),
  );
}

/**
 * PATCH (spec, Tax rules): sending nfeTaxRules or nfseTaxRules replaces all
 * sub-rules of that model. Changing the model drops the sub-rules of the old
 * model, which could never apply to the new one.
 */
export async function updateTaxRule(companyId: string, id: string, input: UpdateTaxRuleInput, client: DbClient = db): Promise<TaxRuleResponse> {
  return withTransaction(client, async (tx) => {
    const current = await findTaxRule(tx, companyId, id);
    const model = input.model ?? current.model;
    assertSubRulesMatchModel(model, input.nfeTaxRules, input.nfseTaxRules);
    const data: Prisma.TaxRuleUpdateInput = {};
    if (input.name !== undefined) data.name = input.name;
    if (input.model !== undefined) data.model = input.model;
    if (input.isActive !== undefined) data.isActive = input.isActive;
    if (input.nfeTaxRules !== undefined || (model === "NFSE" && current.nfeTaxRules.length > 0)) {
      data.nfeTaxRules = { deleteMany: {}, create: nfeRows(await companyRegime(tx, companyId), input.nfeTaxRules ?? []) };
    }
    if (input.nfseTaxRules !== undefined || (model === "NFE" && current.nfseTaxRules.length > 0)) {
      data.nfseTaxRules = { deleteMany: {}, create: nfseRows(input.nfseTaxRules ?? []) };
    }
    const updated = await tx.taxRule.update({ where: { id: current.id }, data, include: withSubRules });
    return toTaxRuleResponse(updated);
  });
}

/** Soft delete: the row stays for documents that used it, but it no longer resolves (invalid_tax_rule). */
export async function deleteTaxRule(companyId: string, id: string, client: DbClient = db): Promise<void> {
  const current = await findTaxRule(client, companyId, id);
  await client.taxRule.update({ where: { id: current.id }, data: { deletedAt: new Date(), isActive: false } });
}
