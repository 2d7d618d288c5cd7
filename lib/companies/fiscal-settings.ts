import type { Company, Environment, Prisma } from "@prisma/client";
import { describeZodError } from "@/lib/contracts/parse-input";
import { withTransaction } from "@/lib/db/with-transaction";
import { db, type DbClient } from "@/lib/db/client";
import { openText, sealText } from "@/lib/crypto";
import { refreshCnpjReservation } from "@/lib/certificates";
import { assertCnpjAvailable } from "./cnpj-uniqueness";
import { DomainError, notFound, validationError } from "@/lib/errors";
import { MAX_DOCUMENT_NUMBER } from "@/lib/numbering";
import { setNextNumber } from "@/lib/numbering/numbering-series";
import { FiscalSettingsSchema, UpdateFiscalSettingsInput, type FiscalSettings } from "./fiscal-settings-schema";
import { canWrite } from "@/lib/auth/roles";
import { isValidNbsCode, nationalServiceDescription } from "@/lib/fiscal/nfse/national-services";

const rate = (value: Prisma.Decimal | null) => (value === null ? null : value.toString());

type SeriesKey = { companyId: string; model: 55 | 65 | 99; series: number; environment: Environment };

async function currentNextNumber(client: DbClient, key: SeriesKey): Promise<number> {
  const row = await client.numberingSeries.findUnique({ where: { companyId_model_series_environment: key }, select: { nextNumber: true } });
  // Counters written before allocation stopped at the end of the series may hold more; read them as exhausted.
  return Math.min(row?.nextNumber ?? 1, MAX_DOCUMENT_NUMBER + 1);
}

// DPS numbers (NFS-e) are counted as model 99 of NumberingSeries (lib/emission/nfse).
const DPS_MODEL = 99 as const;

const nextNumberOf = (client: DbClient, company: Company, model: 55 | 65 | "DPS") =>
  currentNextNumber(client, {
    companyId: company.id,
    model: model === "DPS" ? DPS_MODEL : model,
    series: model === 55 ? company.nfeSeries : model === 65 ? company.nfceSeries : company.dpsSeries,
    environment: company.environment,
  });

export function toFiscalSettings(company: Company, nfeNextNumber: number | null, nfceNextNumber: number | null, dpsNextNumber: number | null = null): FiscalSettings {
  return {
    cnpj: company.cnpj,
    legalName: company.legalName,
    tradeName: company.tradeName,
    stateRegistration: company.stateRegistration,
    municipalRegistration: company.municipalRegistration,
    street: company.street,
    streetNumber: company.streetNumber,
    complement: company.complement,
    neighborhood: company.neighborhood,
    city: company.city,
    municipalityCode: company.municipalityCode,
    state: company.state,
    zipCode: company.zipCode,
    phone: company.phone,
    email: company.email,
    taxRegime: company.taxRegime,
    environment: company.environment,
    nfeSeries: company.nfeSeries,
    nfceSeries: company.nfceSeries,
    nfeNextNumber,
    nfceNextNumber,
    cscId: company.cscId,
    cscToken: openText(company.cscToken),
    defaultOperationNature: company.defaultOperationNature,
    contingencyAutomatic: company.contingencyAutomatic,
    defaultNcm: company.defaultNcm,
    defaultCfop: company.defaultCfop,
    defaultIcmsOrigin: company.defaultIcmsOrigin,
    defaultIcmsCst: company.defaultIcmsCst,
    defaultIcmsRate: rate(company.defaultIcmsRate),
    defaultPisCst: company.defaultPisCst,
    defaultPisRate: rate(company.defaultPisRate),
    defaultCofinsCst: company.defaultCofinsCst,
    defaultCofinsRate: rate(company.defaultCofinsRate),
    defaultIpiCst: company.defaultIpiCst,
    defaultIpiRate: rate(company.defaultIpiRate),
    defaultIpiCEnq: company.defaultIpiCEnq,
    defaultIbsCbsCst: company.defaultIbsCbsCst,
    defaultCClassTrib: company.defaultCClassTrib,
    cbsRate: rate(company.cbsRate),
    ibsStateRate: rate(company.ibsStateRate),
    ibsMunicipalRate: rate(company.ibsMunicipalRate),
    ibsCbsRatesValidFrom: company.ibsCbsRatesValidFrom,
    nfseRegApTribSN: company.nfseRegApTribSN,
    nfseRegEspTrib: company.nfseRegEspTrib,
    dpsSeries: company.dpsSeries,
    dpsNextNumber,
    nfseServiceCode: company.nfseServiceCode,
    nfseMunicipalServiceCode: company.nfseMunicipalServiceCode,
    nfseNbsCode: company.nfseNbsCode,
    nfseIssRate: rate(company.nfseIssRate),
    respTecCnpj: company.respTecCnpj,
    respTecContact: company.respTecContact,
    respTecEmail: company.respTecEmail,
    respTecPhone: company.respTecPhone,
    respTecCsrtId: company.respTecCsrtId,
    respTecCsrt: company.respTecCsrt,
    receivedAutoAcknowledge: company.receivedAutoAcknowledge,
    recipientRegistrationBlocks: company.recipientRegistrationBlocks,
    danfeCanhoto: company.danfeCanhoto,
    danfeNfceSummary: company.danfeNfceSummary,
    documentFooterMessage: company.documentFooterMessage,
  };
}

const mask = (secret: string | null) => (secret ? `${"•".repeat(8)}${secret.slice(-4)}` : null);

/** For roles that cannot change the settings: the CSC and the CSRT are secrets, shown by their last 4 characters. */
export function maskFiscalSecrets(settings: FiscalSettings): FiscalSettings {
  return { ...settings, cscToken: mask(settings.cscToken), respTecCsrt: mask(settings.respTecCsrt) };
}

/** The company's fiscal settings, with the next number of the default series of models 55 and 65. */
export async function getFiscalSettings(companyId: string, client: DbClient = db): Promise<FiscalSettings> {
  const company = await client.company.findFirst({ where: { id: companyId } });
  if (!company) throw notFound("Company");
  return toFiscalSettings(company, await nextNumberOf(client, company, 55), await nextNumberOf(client, company, 65), await nextNumberOf(client, company, "DPS"));
}

/** What a dashboard user of this role sees: secrets masked for roles that cannot change the settings. */
export async function getFiscalSettingsForRole(companyId: string, role: string, client: DbClient = db): Promise<FiscalSettings> {
  const settings = await getFiscalSettings(companyId, client);
  return canWrite(role) ? settings : maskFiscalSecrets(settings);
}

/**
 * Updates any subset of the fiscal settings. The merged result is validated as a
 * whole (IE and IBGE code of the UF, CST or CSOSN of the regime, CSC pair), so a
 * change of state or regime cannot leave the other fields inconsistent.
 */
export async function updateFiscalSettings(companyId: string, input: UpdateFiscalSettingsInput, client: DbClient = db): Promise<FiscalSettings> {
  const partial = UpdateFiscalSettingsInput.safeParse(input);
  if (!partial.success) throw validationError(describeZodError(partial.error, "body"));
  const changes = Object.fromEntries(Object.entries(partial.data).filter(([, v]) => v !== undefined));

  const run = async (tx: DbClient) => {
    const current = await getFiscalSettings(companyId, tx);
    const merged = FiscalSettingsSchema.safeParse({ ...current, ...changes });
    if (!merged.success) throw validationError(describeZodError(merged.error, "body"));
    const next = merged.data;
    // Checked here, not in the schema: the lists are read from disk, and the schema also runs in the browser.
    if (next.nfseServiceCode && !nationalServiceDescription(next.nfseServiceCode)) {
      throw validationError(`body.nfseServiceCode: ${next.nfseServiceCode} is not in the national NFS-e service list (Anexo B)`);
    }
    if (next.nfseNbsCode && !isValidNbsCode(next.nfseNbsCode)) {
      throw validationError(`body.nfseNbsCode: ${next.nfseNbsCode} is not a valid NBS 2.0 code (Anexo B, LISTA.NBS_v2.0)`);
    }
    if (next.cnpj !== current.cnpj) {
      // Issued documents and their access keys carry the CNPJ; it cannot change under them.
      const numbered = await tx.fiscalDocument.count({ where: { companyId, number: { gt: 0 } } });
      if (numbered > 0) throw new DomainError(422, "validation_error", "The CNPJ cannot change after documents were numbered; create another company");
    }
    const pairChanged = next.cnpj !== current.cnpj || next.environment !== current.environment;
    if (pairChanged) {
      const { tenantId } = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { tenantId: true } });
      await assertCnpjAvailable(tx, { cnpj: next.cnpj, environment: next.environment, tenantId }, companyId);
    }
    const { nfeNextNumber: _nfe, nfceNextNumber: _nfce, dpsNextNumber: _dps, ...columns } = next;
    // The CSC is a secret like the certificate: sealed at rest with the same key (lib/crypto/sealed-text.ts).
    await tx.company.update({ where: { id: companyId }, data: { ...columns, cscToken: sealText(columns.cscToken) } });
    // The reservation was of the old pair (issue 49 item 5).
    if (pairChanged) await refreshCnpjReservation(tx, { id: companyId, cnpj: next.cnpj, environment: next.environment });
    const counters = [
      { field: "nfeNextNumber", model: 55, series: next.nfeSeries, wanted: changes.nfeNextNumber },
      { field: "nfceNextNumber", model: 65, series: next.nfceSeries, wanted: changes.nfceNextNumber },
      { field: "dpsNextNumber", model: DPS_MODEL, series: next.dpsSeries, wanted: changes.dpsNextNumber },
    ] as const;
    for (const { field, model, series, wanted } of counters) {
      if (typeof wanted !== "number") continue;
      const key = { companyId, model, series, environment: next.environment };
      if ((await currentNextNumber(tx, key)) === wanted) continue;
      try {
        await setNextNumber({ ...key, nextNumber: wanted }, tx);
      } catch (error) {
        if (error instanceof DomainError) throw validationError(`body.${field}: ${error.message}`);
        throw error;
      }
    }
    return getFiscalSettings(companyId, tx);
  };
  return withTransaction(client, run);
}
