import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { describeZodError } from "@/lib/contracts/parse-input";
import { DomainError } from "@/lib/errors";
import { pageSchema } from "@/lib/contracts/pagination";
import { CreateTaxRuleInput, ListTaxRulesQuery, TaxRuleIdParams, TaxRuleResponse, UpdateTaxRuleInput } from "./schemas";

const tag = "Tax rules";

export const createTaxRuleContract = defineContract({
  method: "POST", path: "/v1/tax-rules", summary: "Create a tax rule with its NFE or NFSE sub-rules", tag, scope: "tax-rules:write",
  body: CreateTaxRuleInput, response: TaxRuleResponse, successStatus: 201, errorStatuses: [422],
});
export const listTaxRulesContract = defineContract({
  method: "GET", path: "/v1/tax-rules", summary: "List tax rules (removed ones excluded)", tag, scope: "tax-rules:read",
  query: ListTaxRulesQuery, response: pageSchema(TaxRuleResponse),
});
export const getTaxRuleContract = defineContract({
  method: "GET", path: "/v1/tax-rules/{id}", summary: "Tax rule detail", tag, scope: "tax-rules:read",
  params: TaxRuleIdParams, response: TaxRuleResponse, errorStatuses: [404],
});
export const updateTaxRuleContract = defineContract({
  method: "PATCH", path: "/v1/tax-rules/{id}", summary: "Update; nfeTaxRules or nfseTaxRules sent replace all sub-rules of that model", tag, scope: "tax-rules:write",
  params: TaxRuleIdParams, body: UpdateTaxRuleInput, response: TaxRuleResponse, errorStatuses: [404, 422],
});
export const deleteTaxRuleContract = defineContract({
  method: "DELETE", path: "/v1/tax-rules/{id}", summary: "Soft delete: the rule stops resolving and gives invalid_tax_rule when referenced", tag, scope: "tax-rules:write",
  params: TaxRuleIdParams, successStatus: 204, errorStatuses: [404],
});

export const taxRuleContracts = [createTaxRuleContract, listTaxRulesContract, getTaxRuleContract, updateTaxRuleContract, deleteTaxRuleContract];

/**
 * The spec's status table gives tax-rule writes 401, 403 and 422 only (api.md,
 * Errors → Status codes by endpoint), so a body that fails the schema is 422
 * validation_error here, not 400. The routes use these; OpenAPI documents the
 * schemas above.
 */
function unprocessableBody<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((value): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new DomainError(422, "validation_error", describeZodError(parsed.error, "body"));
    return parsed.data;
  });
}

export const createTaxRuleRoute = { ...createTaxRuleContract, body: unprocessableBody(createTaxRuleContract.body!) };
export const updateTaxRuleRoute = { ...updateTaxRuleContract, body: unprocessableBody(updateTaxRuleContract.body!) };
