import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { pageSchema } from "@/lib/contracts/pagination";
import { CreatedApiKey } from "@/lib/auth/api-key-contracts";
import { CertificateSummarySchema, UploadCertificateBody } from "../setup-contracts";
import {
  CompanyIdParams,
  CompanyResource,
  CreateCompanyBody,
  CreateCompanyKeyBody,
  CreateSeriesBody,
  FiscalSettingsResource,
  ListCompaniesQuery,
  SeriesResource,
  UpdateCompanyBody,
  UpdateSeriesBody,
} from "./schemas";
import { UpdateFiscalSettingsInput } from "../fiscal-settings-schema";
import { ReadinessSchema } from "../setup-contracts";

// /v1/companies: account keys only (companies:read / companies:write); the
// company is the path's and must be of the key's tenant (404 otherwise).
const tag = "Companies";
const base = "/v1/companies/{id}";
const account = "Needs an account API key (fsa_…). ";

export const createCompanyContract = defineContract({
  method: "POST", path: "/v1/companies", summary: "Create a company of the account", tag, scope: "companies:write",
  body: CreateCompanyBody, response: CompanyResource, successStatus: 201, errorStatuses: [409],
  description: `${account}409 company_exists when another company of the account has the CNPJ in that environment. Another account's company of the CNPJ does not block it: the CNPJ is reserved by the first company that installs a certificate of its root (409 cnpj_reserved on PUT /v1/companies/{id}/certificate).`,
});
export const listCompaniesContract = defineContract({
  method: "GET", path: "/v1/companies", summary: "List the account's companies", tag, scope: "companies:read",
  query: ListCompaniesQuery, response: pageSchema(CompanyResource), description: account,
});
export const getCompanyContract = defineContract({
  method: "GET", path: base, summary: "Company detail", tag, scope: "companies:read",
  params: CompanyIdParams, response: CompanyResource, errorStatuses: [404], description: account,
});
export const updateCompanyContract = defineContract({
  method: "PATCH", path: base, summary: "Update the company's identity and address (the fields sent)", tag, scope: "companies:write",
  params: CompanyIdParams, body: UpdateCompanyBody, response: CompanyResource, errorStatuses: [404, 409, 422], description: account,
});
export const getCompanyCertificateContract = defineContract({
  method: "GET", path: `${base}/certificate`, summary: "The active A1 certificate (never the file nor its password)", tag, scope: "companies:read",
  params: CompanyIdParams, response: z.object({ active: CertificateSummarySchema.nullable() }), errorStatuses: [404], description: account,
});
export const putCompanyCertificateContract = defineContract({
  method: "PUT", path: `${base}/certificate`, summary: "Install an A1 certificate (PKCS#12 in base64 + password); replaces the active one", tag, scope: "companies:write",
  params: CompanyIdParams, body: UploadCertificateBody, response: CertificateSummarySchema, errorStatuses: [404, 409, 422], maxBodyBytes: 128 * 1024,
  description: `${account}The dashboard's checks: the password, the CNPJ root of the company, the validity dates. Takes the reservation of the company's CNPJ and environment; 409 cnpj_reserved when another company holds it (the answer names no account).`,
});
export const getCompanyFiscalSettingsContract = defineContract({
  method: "GET", path: `${base}/fiscal-settings`, summary: "Fiscal settings (CSC token and CSRT write-only)", tag, scope: "companies:read",
  params: CompanyIdParams, response: FiscalSettingsResource, errorStatuses: [404], description: account,
});
export const updateCompanyFiscalSettingsContract = defineContract({
  method: "PATCH", path: `${base}/fiscal-settings`, summary: "Update any subset of the fiscal settings; the result is validated as a whole", tag, scope: "companies:write",
  params: CompanyIdParams, body: UpdateFiscalSettingsInput, response: FiscalSettingsResource, errorStatuses: [404, 409, 422], description: account,
});
export const listCompanySeriesContract = defineContract({
  method: "GET", path: `${base}/series`, summary: "Numbering series and their next numbers", tag, scope: "companies:read",
  params: CompanyIdParams, response: z.object({ data: z.array(SeriesResource) }), errorStatuses: [404], description: account,
});
export const createCompanySeriesContract = defineContract({
  method: "POST", path: `${base}/series`, summary: "Add a numbering series in the company's environment", tag, scope: "companies:write",
  params: CompanyIdParams, body: CreateSeriesBody, response: SeriesResource, successStatus: 201, errorStatuses: [404, 409],
  description: `${account}409 conflict when the series already exists (change it with PATCH).`,
});
export const updateCompanySeriesContract = defineContract({
  method: "PATCH", path: `${base}/series`, summary: "Change a series' next number or make it the default", tag, scope: "companies:write",
  params: CompanyIdParams, body: UpdateSeriesBody, response: SeriesResource, errorStatuses: [404],
  description: `${account}The series is named in the body (type and series); going back below a used number is refused.`,
});
export const companyReadinessContract = defineContract({
  method: "GET", path: `${base}/readiness`, summary: "Emission readiness per document type (the dashboard's checklist)", tag, scope: "companies:read",
  params: CompanyIdParams, response: z.object({ data: z.array(ReadinessSchema) }), errorStatuses: [404], description: account,
});
export const createCompanyApiKeyContract = defineContract({
  method: "POST", path: `${base}/api-keys`, summary: "Create a company API key; the secret is in this answer only", tag, scope: "companies:write",
  params: CompanyIdParams, body: CreateCompanyKeyBody, response: CreatedApiKey, successStatus: 201, errorStatuses: [403, 404], description: account,
});
export const getOwnCompanyContract = defineContract({
  method: "GET", path: "/v1/company", summary: "The company the API key acts for", tag, scope: "company:read",
  response: CompanyResource,
});

export const companyContracts = [
  createCompanyContract, listCompaniesContract, getCompanyContract, updateCompanyContract,
  getCompanyCertificateContract, putCompanyCertificateContract, getCompanyFiscalSettingsContract, updateCompanyFiscalSettingsContract,
  listCompanySeriesContract, createCompanySeriesContract, updateCompanySeriesContract, companyReadinessContract, createCompanyApiKeyContract,
  getOwnCompanyContract,
];
