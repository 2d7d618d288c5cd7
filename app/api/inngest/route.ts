import { serve } from "inngest/next";
import { inngest } from "@/lib/jobs/inngest-client";
import { functions } from "@/inngest";
import { errorResponse } from "@/lib/api/error-response";
import { env } from "@/lib/config/env";

// Inngest calls this endpoint to run steps, only when runs go to Inngest
// (INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY set). With the local driver there
// is nothing to serve: without a signing key the SDK would answer 500, so the
// endpoint answers the error object's 404 instead (issue 16, smaller ones).
const served = serve({ client: inngest, functions });
type ServeHandler = typeof served.GET;

function whenConfigured(handler: ServeHandler): ServeHandler {
  return (async (...args: Parameters<ServeHandler>) => {
    const { INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY } = env();
    if (!INNGEST_EVENT_KEY || !INNGEST_SIGNING_KEY) {
      return errorResponse(404, "route_not_found", "The Inngest endpoint is disabled: background runs use the local driver (set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY to serve Inngest).");
    }
    return handler(...args);
  }) as ServeHandler;
}

export const GET = whenConfigured(served.GET);
export const POST = whenConfigured(served.POST);
export const PUT = whenConfigured(served.PUT);
