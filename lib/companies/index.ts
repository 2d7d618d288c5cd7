export { createCompany } from "./create-company";
export { CreateCompanyInput, TaxRegimeSchema, EnvironmentSchema, CnpjSchema, StateCodeSchema } from "./schemas";
