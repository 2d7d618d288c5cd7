import { jsonResponse } from "@/lib/api/error-response";
import { buildOpenApiDocument } from "@/openapi/openapi-document";

export async function GET(): Promise<Response> {
  return jsonResponse(buildOpenApiDocument());
}
