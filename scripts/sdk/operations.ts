// The operations of the OpenAPI document as both SDK generators read them.

export type JsonSchema = { [key: string]: unknown };

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, JsonSchema>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema: JsonSchema; description?: string };

export type Operation = {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  scope: string | null;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: { schema: JsonSchema; required: boolean } | null;
  /** JSON schema of the first 2xx answer, or null for a non-JSON (binary) or empty one. */
  success: { status: number; schema: JsonSchema | null; contentType: string | null };
  /** Lists answering { data, meta: { page, pageSize, total, totalPages } } and taking page/pageSize. */
  paginated: boolean;
  /** Whether a call needs arguments (path parameters, a required query parameter or body). */
  requiresArgs: boolean;
};

export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as Parameter[];
      const pathParams = parameters.filter((p) => p.in === "path");
      const queryParams = parameters.filter((p) => p.in === "query");
      const requestBody = op.requestBody as { required?: boolean; content: Record<string, { schema: JsonSchema }> } | undefined;
      const bodySchema = requestBody?.content["application/json"]?.schema;
      const body = bodySchema ? { schema: bodySchema, required: requestBody?.required ?? false } : null;
      const responses = op.responses as Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
      const status = Object.keys(responses).map(Number).filter((code) => code >= 200 && code < 300).sort()[0] ?? 200;
      const content = responses[String(status)]?.content;
      const contentType = content ? Object.keys(content)[0] ?? null : null;
      const schema = content?.["application/json"]?.schema ?? null;
      const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
      const metaProperties = (properties.meta?.properties ?? {}) as Record<string, unknown>;
      const paginated = Boolean(properties.data && "totalPages" in metaProperties && queryParams.some((p) => p.name === "page"));
      operations.push({
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ""),
        scope: (op["x-required-scope"] as string | undefined) ?? null,
        pathParams,
        queryParams,
        body,
        success: { status, schema, contentType },
        paginated,
        requiresArgs: pathParams.length > 0 || queryParams.some((p) => p.required) || Boolean(body?.required),
      });
    }
  }
  return operations;
}
