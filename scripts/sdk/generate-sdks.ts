import { buildOpenApiDocument } from "@/openapi/openapi-document";
import type { OpenApiDocument } from "./operations";
import { generatePython } from "./python";
import { generateTypeScript } from "./typescript";

/** Every generated SDK file (path from the repository root → content), from the OpenAPI document as the code builds it now. */
export async function generateSdks(document: OpenApiDocument = buildOpenApiDocument() as OpenApiDocument): Promise<Record<string, string>> {
  return { ...(await generateTypeScript(document)), ...generatePython(document) };
}
