import type { Company, FiscalTemplate, NfeTaxRule, Product } from "@prisma/client";
import { dec } from "./decimal";
import { IBS_CBS_2026_RATES } from "./compute-ibs-cbs";
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

export function companyLevel(company: Company): TaxLevel {
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
      cbsRate: d(company.cbsRate),
      ibsStateRate: d(company.ibsStateRate),
      ibsMunicipalRate: d(company.ibsMunicipalRate),
    },
  };
}

/**
 * Built-in values when no level sets a field (README, API notes): origin 0
 * (national), modBC 3 (operation value), cEnq 999, IBS/CBS CST 000 with
 * cClassTrib 000001 (full taxation) at the 2026 test rates; for the Simples
 * Nacional CSOSN 102 and PIS/COFINS CST 49 (other outbound operations).
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
      cbsRate: dec(IBS_CBS_2026_RATES.cbsRate),
      ibsStateRate: dec(IBS_CBS_2026_RATES.ibsStateRate),
      ibsMunicipalRate: dec(IBS_CBS_2026_RATES.ibsMunicipalRate),
      ...(simples ? { icmsCst: "102", pisCst: "49", cofinsCst: "49" } : {}),
    },
  };
}
