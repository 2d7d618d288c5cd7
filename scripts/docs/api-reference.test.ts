import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/openapi/openapi-document";
import { renderApiReference } from "./render-api-reference";

describe("docs/api-reference.md", () => {
  it("is the rendering of the current OpenAPI document (run npm run docs:api after changing a contract)", () => {
    expect(readFileSync("docs/api-reference.md", "utf8")).toBe(renderApiReference(buildOpenApiDocument() as never));
  });

  it("lists every route of the OpenAPI document", () => {
    const reference = readFileSync("docs/api-reference.md", "utf8");
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, unknown>>;
    for (const [path, methods] of Object.entries(paths)) {
      for (const method of Object.keys(methods)) expect(reference).toContain(`### ${method.toUpperCase()} ${path}\n`);
    }
  });
});
