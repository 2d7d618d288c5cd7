import { defineContract } from "@/lib/contracts/contract";
import { pageSchema } from "@/lib/contracts/pagination";
import { CreateTemplateInput, ListTemplatesQuery, TemplateIdParams, TemplateResponse, UpdateTemplateInput } from "./schemas";

const tag = "Fiscal templates";

export const listTemplatesContract = defineContract({
  method: "GET", path: "/v1/fiscal-templates", summary: "Templates of the three sources (company, tenant, system), company first", tag, scope: "templates:read",
  query: ListTemplatesQuery, response: pageSchema(TemplateResponse),
});
export const createTemplateContract = defineContract({
  method: "POST", path: "/v1/fiscal-templates", summary: "Create a company template", tag, scope: "templates:write",
  body: CreateTemplateInput, response: TemplateResponse, successStatus: 201, errorStatuses: [422],
});
export const getTemplateContract = defineContract({
  method: "GET", path: "/v1/fiscal-templates/{id}", summary: "A template visible to the company", tag, scope: "templates:read",
  params: TemplateIdParams, response: TemplateResponse, errorStatuses: [404],
});
export const updateTemplateContract = defineContract({
  method: "PATCH", path: "/v1/fiscal-templates/{id}", summary: "Update a company template (tenant and system templates: 404)", tag, scope: "templates:write",
  params: TemplateIdParams, body: UpdateTemplateInput, response: TemplateResponse, errorStatuses: [404, 422],
});
export const deleteTemplateContract = defineContract({
  method: "DELETE", path: "/v1/fiscal-templates/{id}", summary: "Remove a company template (tenant and system templates: 404)", tag, scope: "templates:write",
  params: TemplateIdParams, successStatus: 204, errorStatuses: [404],
});

export const templateContracts = [listTemplatesContract, createTemplateContract, getTemplateContract, updateTemplateContract, deleteTemplateContract];
