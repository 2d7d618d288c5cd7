export {
  createCompanyTemplate, createTenantTemplate, deleteCompanyTemplate, deleteTenantTemplate, getTemplate, listTemplates,
  toTemplateResponse, updateCompanyTemplate, updateTenantTemplate,
} from "./template-service";
export { ensureSystemTemplates, ensureSystemTemplatesOnce, SYSTEM_TEMPLATES } from "./system-templates";
export { findUsableTemplate } from "./lookup";
export { templateContracts } from "./contracts";
export * from "./schemas";
