import { randomBytes } from "node:crypto";
import type { TaxRegime } from "@prisma/client";
import { createTestCertificate, installCertificate, type CertificateSummary } from "@/lib/certificates";
import { randomCnpj } from "@/lib/br";
import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { createCompany } from "./create-company";
import { capitalMunicipalityCode, demoAddress } from "./demo-addresses";
import { updateFiscalSettings } from "./fiscal-settings";
import type { FiscalSettings, UpdateFiscalSettingsInput } from "./fiscal-settings-schema";
import type { CreateCompanyInput } from "./schemas";
import { sampleStateRegistration } from "./state-registration";

// Plausible default taxes per regime for a company that sells goods. Simples
// Nacional (CRT 1/4) uses CSOSN 102 (no ICMS credit) and PIS/COFINS 99, since the
// DAS collects them; the others use CST 00 at the common internal rate and
// PIS/COFINS 01 (non-cumulative 1.65/7.6 for lucro real, cumulative 0.65/3 for CRT 2).
const DEFAULT_TAXES: Record<TaxRegime, Partial<UpdateFiscalSettingsInput>> = {
  SIMPLES_NACIONAL: { defaultIcmsCst: "102", defaultIcmsRate: null, defaultPisCst: "99", defaultPisRate: "0", defaultCofinsCst: "99", defaultCofinsRate: "0" },
  MEI: { defaultIcmsCst: "102", defaultIcmsRate: null, defaultPisCst: "99", defaultPisRate: "0", defaultCofinsCst: "99", defaultCofinsRate: "0" },
  SIMPLES_EXCESS: { defaultIcmsCst: "00", defaultIcmsRate: "18", defaultPisCst: "01", defaultPisRate: "0.65", defaultCofinsCst: "01", defaultCofinsRate: "3" },
  NORMAL: { defaultIcmsCst: "00", defaultIcmsRate: "18", defaultPisCst: "01", defaultPisRate: "1.65", defaultCofinsCst: "01", defaultCofinsRate: "7.6" },
};

/** IBS/CBS in 2026, the test year of the reform (LC 214/2025 transition): CBS 0.9%, state IBS 0.1%, municipal IBS 0%. */
export const IBS_CBS_2026_DEFAULTS = { defaultIbsCbsCst: "000", defaultCClassTrib: "000001", cbsRate: "0.9", ibsStateRate: "0.1", ibsMunicipalRate: "0" } as const;

export function demoFiscalSettings(company: { cnpj: string; state: string; municipalityCode: string; taxRegime: TaxRegime }): UpdateFiscalSettingsInput {
  const address = demoAddress(company.state, company.municipalityCode);
  return {
    stateRegistration: sampleStateRegistration(company.state, company.cnpj),
    municipalRegistration: company.cnpj.slice(0, 8),
    street: address.street,
    streetNumber: "1000",
    neighborhood: address.neighborhood,
    city: address.city,
    zipCode: address.zipCode,
    phone: "1133334444",
    email: "fiscal@demo.local",
    environment: "HOMOLOGATION",
    nfeSeries: 1,
    nfceSeries: 1,
    cscId: "000001",
    cscToken: randomBytes(18).toString("hex").toUpperCase(),
    defaultOperationNature: "VENDA DE MERCADORIA",
    defaultNcm: "21069090",
    defaultCfop: "5102",
    defaultIcmsOrigin: "0",
    ...DEFAULT_TAXES[company.taxRegime],
    defaultIpiCst: null,
    defaultIpiRate: null,
    defaultIpiCEnq: "999",
    ...IBS_CBS_2026_DEFAULTS,
    // NFS-e: software development (cTribNac 010101, NBS 1.1502.20.00), ISS 2% unless a tax rule says otherwise.
    nfseRegApTribSN: company.taxRegime === "SIMPLES_NACIONAL" ? 1 : company.taxRegime === "SIMPLES_EXCESS" ? 2 : null,
    nfseRegEspTrib: 0,
    dpsSeries: 1,
    nfseServiceCode: "010101",
    nfseMunicipalServiceCode: null,
    nfseNbsCode: "115022000",
    nfseIssRate: "2",
    respTecCnpj: "11222333000181",
    respTecContact: "Suporte Fiscal Demo",
    respTecEmail: "suporte@fiscal.local",
    respTecPhone: "11999990000",
  };
}

/**
 * Fills every fiscal setting with test values and installs a self-signed test
 * certificate: the company can emit NF-e and NFC-e in HOMOLOGATION against the
 * built-in simulator straight away (`company create --demo`, the first-start seed).
 */
export async function setUpDemoCompany(companyId: string, client: DbClient = db): Promise<{ settings: FiscalSettings; certificate: CertificateSummary }> {
  const company = await client.company.findFirst({ where: { id: companyId } });
  if (!company) throw notFound("Company");
  // Key generation first, so a surrounding transaction stays short.
  const { pfx, password } = createTestCertificate({ cnpj: company.cnpj, legalName: company.legalName });
  const settings = await updateFiscalSettings(companyId, demoFiscalSettings(company), client);
  const certificate = await installCertificate({ companyId, pfx, password }, client);
  return { settings, certificate };
}

export type CreateDemoCompanyOptions = Partial<Omit<CreateCompanyInput, "environment">>;

/** A company with every fiscal setting and a test certificate, in one transaction; unset options get demo values. */
export async function createDemoCompany(options: CreateDemoCompanyOptions = {}) {
  const state = (options.state ?? "SP").trim().toUpperCase();
  const input: CreateCompanyInput = {
    tenantId: options.tenantId,
    legalName: options.legalName ?? "Empresa Demonstracao Ltda",
    tradeName: options.tradeName ?? "Demo",
    cnpj: options.cnpj ?? randomCnpj(),
    state,
    municipalityCode: options.municipalityCode ?? capitalMunicipalityCode(state) ?? "",
    taxRegime: options.taxRegime ?? "SIMPLES_NACIONAL",
    environment: "HOMOLOGATION",
  };
  return db.$transaction(
    async (tx) => {
      const company = await createCompany(input, tx);
      const { certificate } = await setUpDemoCompany(company.id, tx);
      return { company: await tx.company.findUniqueOrThrow({ where: { id: company.id } }), certificate };
    },
    { timeout: 30_000 },
  );
}
