import { metricsResponse } from "@/lib/api/metrics-route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return metricsResponse(request);
}
