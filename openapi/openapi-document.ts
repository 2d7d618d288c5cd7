import { z } from "zod";
import type { Contract } from "@/lib/contracts/contract";
import { ErrorObject } from "@/lib/contracts/error-object";
import { allContracts } from "./contract-registry";

type JsonSchema = Record<string, unknown>;


function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function objectFields(schema: z.ZodType | undefined): [string, z.ZodType, boolean][] {
  if (!schema || !(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [
    name,
    field,
    !field.safeParse(undefined).success,
  ]);
}

/** The headers every /v1 route reads besides Authorization (docs/api.md, Idempotency). */
function headerParameters(contract: Contract): JsonSchema[] {
  if (!contract.scope || contract.method === "GET") return [];
  return [{
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description: "1 to 255 printable ASCII characters; a repeat within 24 h answers the first answer again (Idempotent-Replayed: true).",
    schema: { type: "string", minLength: 1, maxLength: 255 },
  }];
}

function operation(contract: Contract): JsonSchema {
  const parameters = [
    ...objectFields(contract.params).map(([name, schema]) => ({ name, in: "path", required: true, schema: toSchema(schema, "input") })),
    ...objectFields(contract.query).map(([name, schema, required]) => ({ name, in: "query", required, schema: toSchema(schema, "input") })),
    ...headerParameters(contract),
  ];
  const status = String(contract.successStatus ?? 200);
  const success: JsonSchema = { description: "Success" };
  if (contract.responseContentType) {
    success.content = { [contract.responseContentType]: { schema: { type: "string", format: "binary" } } };
  } else if (contract.response) {
    success.content = { "application/json": { schema: toSchema(contract.response, "output") } };
  }
  const responses: JsonSchema = { [status]: success };
  const errorStatuses = new Set([...(contract.scope ? [401, 403] : []), ...(contract.scope && contract.method !== "GET" ? [409, 422] : []), ...(contract.body || contract.query || contract.params ? [400] : []), ...(contract.errorStatuses ?? [])]);
  for (const code of [...errorStatuses].sort()) {
    responses[String(code)] = { description: "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  const op: JsonSchema = {
    summary: contract.summary,
    tags: [contract.tag],
    operationId: `${contract.method.toLowerCase()}${contract.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    responses,
  };
  if (contract.description) op.description = contract.description;
  if (contract.scope) {
    op.security = [{ bearerAuth: [] }];
    op["x-required-scope"] = contract.scope;
  } else op.security = [];
  if (parameters.length) op.parameters = parameters;
  if (contract.body) {
    op.requestBody = {
      required: !contract.bodyOptional,
      content: { "application/json": { schema: toSchema(contract.body, "input") } },
    };
  }
  return op;
}

let cached: JsonSchema | undefined;

/** OpenAPI 3.1 document built from the same zod schemas that validate requests. */
export function buildOpenApiDocument(contracts: Contract[] = allContracts): JsonSchema {
  if (cached && contracts === allContracts) return cached;
  const paths: Record<string, JsonSchema> = {};
  for (const contract of contracts) {
    paths[contract.path] ??= {};
    paths[contract.path]![contract.method.toLowerCase()] = operation(contract);
  }
  const document: JsonSchema = {
    openapi: "3.1.0",
    info: {
      title: "Fiscal Document Issuing Service",
      version: "1.0.0",
      description:
        "NF-e, NFC-e and NFS-e issuing API. Authenticate with Authorization: Bearer <API_KEY>. A company key (fsk_) acts for its company; an account key (fsa_) manages the account's companies under /v1/companies and acts for one of them on the other routes when the request names it in X-Company-Id. Writes accept Idempotency-Key.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      schemas: { Error: toSchema(ErrorObject, "output") },
    },
  };
  if (contracts === allContracts) cached = document;
  return document;
}
