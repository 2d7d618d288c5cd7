import { listOperations, type JsonSchema, type OpenApiDocument, type Operation } from "./operations";

// The Python SDK's generated part (sdk/python/fiscal_issuer/_generated.py): a TypedDict
// for every request body, query and JSON answer of the OpenAPI document (nested objects get
// their own TypedDict, enums become Literal), and a client class with one method per
// operation. Only the standard library at run time; the runtime it calls (urllib, retries,
// Idempotency-Key, Prefer: wait, errors, pagination) is hand-written in _runtime.py.

const PY_KEYWORDS = new Set(["False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "match", "case", "type"]);

export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9_]/g, "_").toLowerCase();
}

function pascalCase(name: string): string {
  return name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((part) => part[0]!.toUpperCase() + part.slice(1)).join("");
}

function pyLiteral(value: unknown): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  return JSON.stringify(value);
}

function docstring(text: string, indent: string): string {
  return `${indent}"""${text.replace(/\\/g, "\\\\").replace(/"""/g, '\\"\\"\\"')}"""`;
}

class TypeWriter {
  readonly definitions: string[] = [];
  private readonly used = new Set<string>();

  private uniqueName(hint: string): string {
    let name = hint;
    for (let i = 2; this.used.has(name); i += 1) name = `${hint}${i}`;
    this.used.add(name);
    return name;
  }

  /** The Python type of a schema, defining TypedDicts for its objects first. */
  type(schema: JsonSchema | undefined, hint: string): string {
    if (!schema || typeof schema !== "object") return "Any";
    if (schema.$ref === "#/components/schemas/Error") return "ErrorObject";
    if (Array.isArray(schema.enum)) return `Literal[${(schema.enum as unknown[]).map(pyLiteral).join(", ")}]`;
    if ("const" in schema) return `Literal[${pyLiteral(schema.const)}]`;
    const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (union) return this.union(union.map((part, i) => this.type(part, union.length > 1 ? `${hint}${i === 0 ? "" : i + 1}` : hint)));
    if (Array.isArray(schema.type)) return this.union((schema.type as string[]).map((type) => this.type({ ...schema, type }, hint)));
    switch (schema.type) {
      case "string": return "str";
      case "integer": return "int";
      case "number": return "float";
      case "boolean": return "bool";
      case "null": return "None";
      case "array": return `list[${this.type(schema.items as JsonSchema | undefined, `${hint}Item`)}]`;
      case "object": return this.object(schema, hint);
      default: return "Any";
    }
  }

  private union(types: string[]): string {
    const unique = [...new Set(types)];
    if (unique.includes("Any")) return "Any";
    return unique.join(" | ");
  }

  private object(schema: JsonSchema, hint: string): string {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const names = Object.keys(properties);
    if (names.length === 0) {
      const additional = schema.additionalProperties;
      return `dict[str, ${additional && typeof additional === "object" ? this.type(additional as JsonSchema, `${hint}Value`) : "Any"}]`;
    }
    const required = new Set((schema.required ?? []) as string[]);
    const fields = names.map((name) => {
      const type = this.type(properties[name], `${hint}${pascalCase(name)}`);
      return { name, type: required.has(name) ? `Required[${type}]` : type, description: properties[name]?.description as string | undefined };
    });
    const name = this.uniqueName(hint);
    const identifiers = names.every((field) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(field) && !PY_KEYWORDS.has(field));
    if (identifiers) {
      this.definitions.push(
        `class ${name}(TypedDict, total=False):`,
        ...fields.flatMap((field) => [`    ${field.name}: ${field.type}`, ...(field.description ? [docstring(field.description, "    ")] : [])]),
        "",
        "",
      );
    } else {
      this.definitions.push(`${name} = TypedDict(${JSON.stringify(name)}, {`, ...fields.map((field) => `    ${JSON.stringify(field.name)}: ${field.type},`), "}, total=False)", "", "");
    }
    return name;
  }
}

function method(op: Operation, types: TypeWriter): string[] {
  const base = pascalCase(op.operationId);
  const pathArgs = op.pathParams.map((p) => ({ python: snakeCase(p.name), name: p.name }));
  const signature: string[] = ["self", ...pathArgs.map((p) => `${p.python}: str`)];
  const keywordOnly: string[] = [];
  let query = "None";
  if (op.queryParams.length > 0) {
    const queryType = types.type({
      type: "object",
      properties: Object.fromEntries(op.queryParams.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }])),
      required: op.queryParams.filter((p) => p.required).map((p) => p.name),
    }, `${base}Query`);
    const required = op.queryParams.some((p) => p.required);
    keywordOnly.push(required ? `query: ${queryType}` : `query: ${queryType} | None = None`);
    query = "query";
  }
  let body = "None";
  if (op.body) {
    const bodyType = types.type(op.body.schema, `${base}Body`);
    keywordOnly.push(op.body.required ? `body: ${bodyType}` : `body: ${bodyType} | None = None`);
    body = "body";
  }
  const returns = op.success.schema ? types.type(op.success.schema, `${base}Response`) : op.success.contentType ? "bytes" : "None";
  keywordOnly.push("idempotency_key: str | None = None", "wait: int | None = None", "max_retries: int | None = None");
  const pathDict = `{${pathArgs.map((p) => `${JSON.stringify(p.name)}: ${p.python}`).join(", ")}}`;
  const doc = [`${op.method} ${op.path}: ${op.summary}`, op.scope ? `Scope: ${op.scope}.` : "No authentication.", op.paginated ? "A paginated list: see paginate()." : ""].filter(Boolean).join(" ");
  return [
    `    def ${snakeCase(op.operationId)}(${[...signature, "*", ...keywordOnly].join(", ")}) -> ${returns}:`,
    docstring(doc, "        "),
    `        return self._request(${JSON.stringify(op.method)}, ${JSON.stringify(op.path)}, path=${pathDict}, query=${query}, body=${body}, idempotency_key=idempotency_key, wait=wait, max_retries=max_retries)  # type: ignore[no-any-return]`,
    "",
  ];
}

export function generatePython(document: OpenApiDocument): Record<string, string> {
  const types = new TypeWriter();
  types.type({ ...(document.components?.schemas?.Error ?? {}), type: "object" }, "ErrorObject");
  const methods = listOperations(document).flatMap((op) => method(op, types));
  const version = document.info.version;
  const source = [
    "# Generated by `npm run sdk:generate` from the OpenAPI document (openapi/openapi-document.ts). Do not edit.",
    "# ruff: noqa",
    "from __future__ import annotations",
    "",
    "from typing import Any, Literal, Required, TypedDict",
    "",
    "from ._runtime import BaseClient",
    "",
    `API_VERSION = ${JSON.stringify(version)}`,
    '"""The API version this SDK was generated from (info.version of the OpenAPI document)."""',
    "",
    "",
    ...types.definitions,
    "class GeneratedClient(BaseClient):",
    '    """One method per operation of the API, named by its operationId in snake_case."""',
    "",
    ...methods,
  ].join("\n").replace(/\n+$/, "\n");
  const pyproject = [
    "# Generated by `npm run sdk:generate`: the version follows the API's (info.version of the OpenAPI document).",
    "[project]",
    'name = "fiscal-issuer"',
    `version = "${version}"`,
    'description = "Python SDK for the Fiscal Document Issuing Service API, generated from its OpenAPI document"',
    'requires-python = ">=3.11"',
    "dependencies = []",
    "",
    "[build-system]",
    'requires = ["setuptools>=68"]',
    'build-backend = "setuptools.build_meta"',
    "",
    "[tool.setuptools]",
    'packages = ["fiscal_issuer"]',
    "",
  ].join("\n");
  return { "sdk/python/fiscal_issuer/_generated.py": source, "sdk/python/pyproject.toml": pyproject };
}
