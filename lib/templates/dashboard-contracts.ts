import { defineContract } from "@/lib/contracts/contract";
import { CreateTemplateInput, TemplateIdParams, TemplateResponse, UpdateTemplateInput } from "./schemas";

// Tenant templates are edited from the dashboard only, by tenant ADMIN users
// (the API writes company templates only).
const base = "/api/dashboard/companies/{companyId}/tenant-templates";
const tag = "Dashboard: tenant templates";
export const TENANT_TEMPLATE_ROLES = ["ADMIN"] as const;

export const createTenantTemplateContract = defineContract({
  method: "POST", path: base, summary: "Create a template shared by the tenant's companies", tag, scope: null,
  body: CreateTemplateInput, response: TemplateResponse, successStatus: 201, errorStatuses: [403, 422],
});
export const updateTenantTemplateContract = defineContract({
  method: "PATCH", path: `${base}/{id}`, summary: "Update a tenant template", tag, scope: null,
  params: TemplateIdParams, body: UpdateTemplateInput, response: TemplateResponse, errorStatuses: [403, 404, 422],
});
export const deleteTenantTemplateContract = defineContract({
  method: "DELETE", path: `${base}/{id}`, summary: "Remove a tenant template", tag, scope: null,
  params: TemplateIdParams, successStatus: 204, errorStatuses: [403, 404],
});
