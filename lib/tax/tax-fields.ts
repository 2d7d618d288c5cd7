import type { Decimal } from "decimal.js";
import type { TaxSource } from "./tax-shapes";

// Every field the resolution order (api.md, Tax resolution order) decides,
// one by one. Rates are percentages as Decimals.
export type TaxFields = {
  ncm: string;
  cest: string;
  cfop: string;
  icmsOrigin: string;
  icmsCst: string;
  icmsModBc: string;
  icmsRate: Decimal;
  icmsRedBc: Decimal;
  icmsBenefitCode: string;
  icmsStModBc: string;
  icmsStMva: Decimal;
  icmsStRate: Decimal;
  icmsStRedBc: Decimal;
  icmsSnCreditRate: Decimal;
  pisCst: string;
  pisRate: Decimal;
  cofinsCst: string;
  cofinsRate: Decimal;
  ipiCst: string;
  ipiRate: Decimal;
  ipiCEnq: string;
  ibsCbsCst: string;
  cClassTrib: string;
  ibsStateRate: Decimal;
  ibsMunicipalRate: Decimal;
  cbsRate: Decimal;
};

export type TaxField = keyof TaxFields;

/** What one level holds; null and undefined both mean "not set here". */
export type TaxLevel = { source: TaxSource; values: { [K in TaxField]?: TaxFields[K] | null } };

export type ResolvedTaxFields = { [K in TaxField]?: TaxFields[K] };

/** Where each field is recorded in FiscalDocumentItem.taxSources. */
export const SOURCE_KEYS: Record<TaxField, string> = {
  ncm: "ncm",
  cest: "cest",
  cfop: "cfop",
  icmsOrigin: "icms.origin",
  icmsCst: "icms.cst",
  icmsModBc: "icms.modBc",
  icmsRate: "icms.rate",
  icmsRedBc: "icms.baseReduction",
  icmsBenefitCode: "icms.benefitCode",
  icmsStModBc: "icms.st.modBc",
  icmsStMva: "icms.st.mva",
  icmsStRate: "icms.st.rate",
  icmsStRedBc: "icms.st.baseReduction",
  icmsSnCreditRate: "icms.simplesCredit.rate",
  pisCst: "pis.cst",
  pisRate: "pis.rate",
  cofinsCst: "cofins.cst",
  cofinsRate: "cofins.rate",
  ipiCst: "ipi.cst",
  ipiRate: "ipi.rate",
  ipiCEnq: "ipi.cEnq",
  ibsCbsCst: "ibsCbs.cst",
  cClassTrib: "ibsCbs.cClassTrib",
  ibsStateRate: "ibsCbs.ibsStateRate",
  ibsMunicipalRate: "ibsCbs.ibsMunicipalRate",
  cbsRate: "ibsCbs.cbsRate",
};
