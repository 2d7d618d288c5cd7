// Reads an OpenAPI 3.1 document (GET /v1/openapi.json) into what the API
// reference page shows: operations grouped by tag, in document order.

type Json = Record<string, unknown>;

export type ParameterView = { name: string; in: string; required: boolean; schema: unknown; type: string; description?: string };
export type ResponseView = { status: string; description: string; contentType?: string; schema?: unknown };
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  scope: string | null;
  parameters: ParameterView[];
  requestBody?: { required: boolean; contentType: string; schema: unknown };
  responses: ResponseView[];
};
export type TagGroup = { tag: string; operations: OperationView[] };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const asObject = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});

/** "string", "integer (1..100)", "NFE | NFCE | NFSE", "array of object"… a one-line hint. */
export function schemaType(schema: unknown): string {
  const s = asObject(schema);
  if (Array.isArray(s.enum)) return s.enum.map(String).join(" | ");
  if (typeof s.$ref === "string") return s.$ref.split("/").pop() ?? "object";
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) return ((s.anyOf ?? s.oneOf) as unknown[]).map(schemaType).join(" | ");
  if (s.type === "array") return `array of ${schemaType(s.items)}`;
  const type = Array.isArray(s.type) ? s.type.join(" | ") : typeof s.type === "string" ? s.type : "any";
  const range = [s.minimum, s.maximum].some((v) => v !== undefined) ? ` (${s.minimum ?? ""}..${s.maximum ?? ""})` : "";
  return `${type}${typeof s.format === "string" ? `, ${s.format}` : ""}${range}`;
}

function firstContent(content: unknown): { contentType?: string; schema?: unknown } {
  const entries = Object.entries(asObject(content));
  const first = entries[0];
  return first ? { contentType: first[0], schema: asObject(first[1]).schema } : {};
}

export function groupOperations(document: unknown): TagGroup[] {
  const groups = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(asObject(asObject(document).paths))) {
    for (const method of METHODS) {
      const op = asObject(asObject(item)[method]);
      if (Object.keys(op).length === 0) continue;
      const tags = Array.isArray(op.tags) && op.tags.length ? op.tags.map(String) : ["Other"];
      const body = asObject(op.requestBody);
      const bodyContent = firstContent(body.content);
      const view: OperationView = {
        id: typeof op.operationId === "string" ? op.operationId : `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: typeof op.summary === "string" ? op.summary : "",
        description: typeof op.description === "string" ? op.description : undefined,
        scope: typeof op["x-required-scope"] === "string" ? op["x-required-scope"] : null,
        parameters: (Array.isArray(op.parameters) ? op.parameters : []).map((raw) => {
          const p = asObject(raw);
          return { name: String(p.name), in: String(p.in), required: p.required === true, schema: p.schema, type: schemaType(p.schema), description: typeof asObject(p.schema).description === "string" ? String(asObject(p.schema).description) : undefined };
        }),
        requestBody: bodyContent.contentType ? { required: body.required !== false, contentType: bodyContent.contentType, schema: bodyContent.schema } : undefined,
        responses: Object.entries(asObject(op.responses)).map(([status, raw]) => {
          const r = asObject(raw);
          return { status, description: typeof r.description === "string" ? r.description : "", ...firstContent(r.content) };
        }),
      };
      for (const tag of tags) groups.set(tag, [...(groups.get(tag) ?? []), view]);
    }
  }
  return [...groups.entries()].map(([tag, operations]) => ({ tag, operations }));
}
