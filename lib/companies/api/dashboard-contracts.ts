import { defineContract } from "@/lib/contracts/contract";
import { pageSchema } from "@/lib/contracts/pagination";
import { CompanyResource, CreateCompanyBody, ListCompaniesQuery } from "./schemas";

// Internal dashboard routes of the account's companies ("Empresas da conta",
// ADMIN): the same schemas and domain functions as POST/GET /v1/companies, the
// tenant from the session. The path carries the company being looked at.

const base = "/api/dashboard/companies/{companyId}/account-companies";
const tag = "Dashboard: account companies";

export const listAccountCompaniesContract = defineContract({
  method: "GET", path: base, summary: "The account's companies", tag, scope: null,
  query: ListCompaniesQuery, response: pageSchema(CompanyResource), errorStatuses: [403],
});

export const createAccountCompanyContract = defineContract({
  method: "POST", path: base, summary: "Create a company of the account (identity, address, regime)", tag, scope: null,
  body: CreateCompanyBody, response: CompanyResource, successStatus: 201, errorStatuses: [403, 409],
});
