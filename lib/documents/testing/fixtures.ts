import type { Prisma } from "@prisma/client";
import { randomCnpj } from "@/lib/br";
import { db } from "@/lib/db/client";
import { createTestCompany } from "@/test/factories";

// Test-only builders of the resources a document references. They write rows
// directly so document tests do not depend on the resource APIs' validation.

export async function makeClient(companyId: string, data: Partial<Prisma.ClientUncheckedCreateInput> = {}) {
  return db.client.create({
    data: { companyId, name: "Cliente Teste Ltda", document: randomCnpj(), documentType: "CNPJ", type: "COMPANY", state: "SP", municipalityCode: "3550308", ...data },
  });
}

export async function makeProduct(companyId: string, data: Partial<Prisma.ProductUncheckedCreateInput> = {}) {
  return db.product.create({
    data: { companyId, name: "Produto", code: `P-${Math.random().toString(36).slice(2, 10)}`, salePrice: "10", ...data },
  });
}

export async function makeNfeRule(companyId: string, subRules: Array<Partial<Prisma.NfeTaxRuleUncheckedCreateWithoutTaxRuleInput>>, data: Partial<Prisma.TaxRuleUncheckedCreateInput> = {}) {
  return db.taxRule.create({
    data: {
      companyId,
      name: "Regra",
      model: "NFE",
      ...data,
      nfeTaxRules: { create: subRules.map((s, position) => ({ position, states: [], clientTypes: [], cfops: [], icmsCst: "00", ...s })) },
    },
  });
}

export async function makeNfseRule(companyId: string) {
  return db.taxRule.create({
    data: {
      companyId, name: "Serviços", model: "NFSE",
      nfseTaxRules: { create: [{ issRate: "5", serviceLocationMunicipality: "MUNICIPIO_PRESTACAO_SERVICO", incidenceMunicipality: "MUNICIPIO_PRESTACAO_SERVICO" }] },
    },
  });
}

export async function makeTemplate(data: Partial<Prisma.FiscalTemplateUncheckedCreateInput> & { source: "COMPANY" | "TENANT" | "SYSTEM" }) {
  return db.fiscalTemplate.create({ data: { name: "Modelo", type: "NFE", ...data } });
}

export async function makeCarrier(companyId: string, vehicles: Array<{ plate: string; state: string; isDefault?: boolean; rntc?: string }> = []) {
  return db.carrier.create({
    data: {
      companyId, name: "Transportes Rápidos Ltda", document: randomCnpj(), documentType: "CNPJ", stateRegistration: "110042490114", city: "Campinas", state: "SP", street: "Rua A", number: "10",
      vehicles: { create: vehicles },
    },
  });
}

/** A company with the defaults most tests need: regular regime, CFOP 5102, NCM, CST 00 at 18 %, PIS/COFINS. */
export async function configureCompanyDefaults(companyId: string, data: Partial<Prisma.CompanyUncheckedUpdateInput> = {}) {
  return db.company.update({
    where: { id: companyId },
    data: {
      defaultNcm: "84713012", defaultCfop: "5102", defaultIcmsCst: "00", defaultIcmsRate: "18",
      defaultPisCst: "01", defaultPisRate: "1.65", defaultCofinsCst: "01", defaultCofinsRate: "7.6",
      ...data,
    },
  });
}

export const item = (over: Record<string, unknown> = {}) => ({ code: "SKU-1", description: "Mercadoria", quantity: 1, unitValue: 100, ...over });

/**
 * Where most document tests start: a new company with the defaults above and
 * one client; `base(over)` is an NF-e create body for that client with one item.
 */
export async function companyWithClient(options: Parameters<typeof createTestCompany>[0] = {}) {
  const company = await createTestCompany(options);
  await configureCompanyDefaults(company.companyId);
  const client = await makeClient(company.companyId);
  const base = (over: Record<string, unknown> = {}) => ({ type: "NFE", clientId: client.id, items: [item()], ...over });
  return { ...company, client, base };
}
