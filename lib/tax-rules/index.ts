export { createTaxRule, deleteTaxRule, getTaxRule, listTaxRules, toTaxRuleResponse, updateTaxRule } from "./tax-rule-service";
export { findUsableTaxRule } from "./lookup";
export { validateNfeSubRule, validateNfseSubRule } from "./validate-sub-rules";
export { taxRuleContracts } from "./contracts";
export * from "./schemas";
