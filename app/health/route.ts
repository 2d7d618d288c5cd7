import { jsonResponse } from "@/lib/api/error-response";
import { liveness } from "@/lib/health/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return jsonResponse(liveness());
}
