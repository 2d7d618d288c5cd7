import type { Company, FiscalTemplate, NfeTaxRule, Product } from "@prisma/client";
import { dec } from "./decimal";
import { reformRatesOn } from "./data/reform-rates";
import type { TaxLevel } from "./tax-fields";

// Turns each source of the resolution order into a TaxLevel. Decimal columns
// become decimal.js values; absent columns stay null (not set at that level).

type DecimalColumn = { toString(): string } | null | undefined;
const d = (value: DecimalColumn) => (value === null || value === undefined ? null : dec(value));
const n = (value: number | string | null | undefined) => (value === null || value === undefined ? null : dec(String(value)));

/** The fields a request item may carry (api.md, Item); numbers as sent. */
export type ItemTaxInput = {
  ncm?: string | null;
  cest?: string | null;
  cfop?: string | null;
  icmsOrigin?: string | null;
  icmsSituation?: string | null;
  icmsRate?: number | null;
  icmsRedBc?: number | string | null;
  icmsStModBc?: number | string | null;
  icmsStMva?: number | string | null;
  icmsStRedBc?: number | string | null;
  icmsStRate?: number | string | null;
  icmsSnCreditRate?: number | string | null;
  pisSituation?: string | null;
  pisRate?: number | null;
  cofinsSituation?: string | null;
  cofinsRate?: number | null;
  ipiSituation?: string | null;
  ipiRate?: number | null;
  ibsCbsCst?: string | null;
  cClassTrib?: string | null;
};

export function itemLevel(item: ItemTaxInput): TaxLevel {
  return {
    source: "item",
    values: {
      ncm: item.ncm,
      cest: item.cest,
      cfop: item.cfop,
      icmsOrigin: item.icmsOrigin,
      icmsCst: item.icmsSituation,
      icmsRate: n(item.icmsRate),
      icmsRedBc: n(item.icmsRedBc),
      icmsStModBc: item.icmsStModBc === null || item.icmsStModBc === undefined ? null : String(item.icmsStModBc),
      icmsStMva: n(item.icmsStMva),
      icmsStRedBc: n(item.icmsStRedBc),
      icmsStRate: n(item.icmsStRate),
      icmsSnCreditRate: n(item.icmsSnCreditRate),
      pisCst: item.pisSituation,
      pisRate: n(item.pisRate),
      cofinsCst: item.cofinsSituation,
      cofinsRate: n(item.cofinsRate),
      ipiCst: item.ipiSituation,
      ipiRate: n(item.ipiRate),
      ibsCbsCst: item.ibsCbsCst,
      cClassTrib: item.cClassTrib,
    },
  };
}

export function ruleLevel(rule: NfeTaxRule | null): TaxLevel {
  if (!rule) return { source: "rule", values: {} };
  return {
    source: "rule",
    values: {
      icmsCst: rule.icmsCst,
      icmsModBc: rule.icmsModBc,
      icmsBenefitCode: rule.icmsCBenFiscal,
      icmsRate: d(rule.icmsPIcms),
      icmsRedBc: d(rule.icmsRedBc),
      icmsStModBc: rule.icmsStModBc,
      icmsStMva: d(rule.icmsStMva),
      icmsStRate: d(rule.icmsStRate),
      icmsStRedBc: d(rule.icmsStRedBc),
      icmsSnCreditRate: d(rule.icmsSnCreditRate),
      pisCst: rule.pisCst,
      pisRate: d(rule.pisPPis),
      cofinsCst: rule.cofinsCst,
      cofinsRate: d(rule.cofinsPCofins),
      ipiCst: rule.ipiCst,
      ipiRate: d(rule.ipiPIpi),
      ipiCEnq: rule.ipiCEnq,
    },
  };
}

/** The product's own taxation (any state); `cfop` is the one already chosen for the destination. */
export function productLevel(product: Product | null, cfop: string | null): TaxLevel {
  if (!product) return { source: "product", values: {} };
  return {
    source: "product",
    values: {
      ncm: product.ncm,
      cest: product.cest,
      cfop,
      icmsOrigin: product.icmsOrigin,
      icmsCst: product.icmsCst,
      icmsModBc: product.icmsModBc,
      icmsRate: d(product.icmsRate),
      icmsRedBc: d(product.icmsRedBc),
      icmsStModBc: product.icmsStModBc,
      icmsStMva: d(product.icmsStMva),
      icmsStRate: d(product.icmsStRate),
      icmsStRedBc: d(product.icmsStRedBc),
      icmsSnCreditRate: d(product.icmsSnCreditRate),
      pisCst: product.pisCst,
      pisRate: d(product.pisRate),
      cofinsCst: product.cofinsCst,
      cofinsRate: d(product.cofinsRate),
      ipiCst: product.ipiCst,
      ipiRate: d(product.ipiRate),
      ipiCEnq: product.ipiCEnq,
    },
  };
}

export function templateLevel(template: FiscalTemplate | null): TaxLevel {
  if (!template) return { source: "template", values: {} };
  return {
    source: "template",
    values: {
      cfop: template.cfop,
      icmsOrigin: template.icmsOrigin,
      icmsCst: template.icmsCst,
      icmsRate: d(template.icmsRate),
      pisCst: template.pisCst,
      pisRate: d(template.pisRate),
      cofinsCst: template.cofinsCst,
      cofinsRate: d(template.cofinsRate),
      ipiCst: template.ipiCst,
      ipiRate: d(template.ipiRate),
    },
  };
}

/**
 * The company's defaults. Its IBS/CBS rates are dated: they count only for a
 * document issued on or after `ibsCbsRatesValidFrom` (the law's own rates, in
 * statutoryLevel, come first wherever the law fixes one).
 */
export function companyLevel(company: Company, issuedOn: string): TaxLevel {
  const ratesApply = !!company.ibsCbsRatesValidFrom && company.ibsCbsRatesValidFrom <= issuedOn;
  return {
    source: "company",
    values: {
      ncm: company.defaultNcm,
      cfop: company.defaultCfop,
      icmsOrigin: company.defaultIcmsOrigin,
      icmsCst: company.defaultIcmsCst,
      icmsRate: d(company.defaultIcmsRate),
      pisCst: company.defaultPisCst,
      pisRate: d(company.defaultPisRate),
      cofinsCst: company.defaultCofinsCst,
      cofinsRate: d(company.defaultCofinsRate),
      ipiCst: company.defaultIpiCst,
      ipiRate: d(company.defaultIpiRate),
      ipiCEnq: company.defaultIpiCEnq,
      ibsCbsCst: company.defaultIbsCbsCst,
      cClassTrib: company.defaultCClassTrib,
      cbsRate: ratesApply ? d(company.cbsRate) : null,
      ibsStateRate: ratesApply ? d(company.ibsStateRate) : null,
      ibsMunicipalRate: ratesApply ? d(company.ibsMunicipalRate) : null,
    },
  };
}

/**
 * What the law decides for the issue date (lib/tax/data/reform-rates.ts), ahead
 * of every other level: the IBS/CBS rates it fixes (2026: arts. 343 and 346;
 * 2027–2028: art. 344 for the IBS, the CBS left to the company's dated rate),
 * and, from the extinction of PIS and COFINS (01/01/2027), their CST 08 (no
 * incidence) on NF-e and NFC-e lines whatever an item, rule or product says.
 */
export function statutoryLevel(issuedOn: string, documentType: "NFE" | "NFCE" | "NFSE"): TaxLevel {
  const row = reformRatesOn(issuedOn);
  const pisCofinsExtinct = !!row && !row.pisCofins && documentType !== "NFSE";
  return {
    source: "default",
    values: {
      ibsStateRate: row?.ibsStateRate ? dec(row.ibsStateRate) : null,
      ibsMunicipalRate: row?.ibsMunicipalRate ? dec(row.ibsMunicipalRate) : null,
      cbsRate: row?.cbsRate ? dec(row.cbsRate) : null,
      ...(pisCofinsExtinct ? { pisCst: "08", cofinsCst: "08" } : {}),
    },
  };
}

/**
 * Built-in values when no level sets a field (README, API notes): origin 0
 * (national), modBC 3 (operation value), cEnq 999, IBS/CBS CST 000 with
 * cClassTrib 000001 (full taxation); for the Simples Nacional CSOSN 102 and
 * PIS/COFINS CST 49 (other outbound operations). The rates are the law's
 * (statutoryLevel) or the company's, never a built-in.
 */
export function builtInLevel(simples: boolean): TaxLevel {
  return {
    source: "default",
    values: {
      icmsOrigin: "0",
      icmsModBc: "3",
      ipiCEnq: "999",
      ibsCbsCst: "000",
      cClassTrib: "000001",
      ...(simples ? { icmsCst: "102", pisCst: "49", cofinsCst: "49" } : {}),
    },
  };
}
