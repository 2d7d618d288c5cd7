import { jsonResponse } from "@/lib/api/error-response";
import { getDb } from "@/lib/db/client";
import { readiness } from "@/lib/health/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const result = await readiness(getDb());
  return jsonResponse(result, result.status === "ok" ? 200 : 503);
}
