import { jsonResponse } from "@/lib/api/error-response";
import { buildOpenApiDocument } from "@/lib/api/openapi";

export async function GET(): Promise<Response> {
  return jsonResponse(buildOpenApiDocument());
}
