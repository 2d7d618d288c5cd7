export { createCompany } from "./create-company";
export { CreateCompanyInput, TaxRegimeSchema, EnvironmentSchema, CnpjSchema, StateCodeSchema } from "./schemas";
export {
  FiscalSettingsSchema,
  FiscalSettingsObject,
  UpdateFiscalSettingsInput,
  PercentSchema,
  type FiscalSettings,
  type FiscalSettingsInput,
} from "./fiscal-settings-schema";
export { getFiscalSettings, updateFiscalSettings } from "./fiscal-settings";
export { assertEmissionPrerequisites, firstBlockingFailure, readinessChecklist, type DocumentReadiness } from "./emission-prerequisites";
export { evaluateReadiness, missingFiscalFields, blockingChecksPassSql, CNPJ_HELD_ELSEWHERE_SQL, EMISSION_DOCUMENT_TYPES, type EmissionDocumentType, type ReadinessCheck, type CertificateState } from "./readiness-rules";
export { stateRegistrationProblem, assertThirdPartyStateRegistration, normalizeStateRegistration, sampleStateRegistration } from "./state-registration";
export { setUpDemoCompany, createDemoCompany, demoFiscalSettings, IBS_CBS_2026_DEFAULTS } from "./setup-demo-company";
