import { errorResponse } from "@/lib/api/error-response";

// Unknown routes under /v1 answer the spec's error object, not Next's HTML 404.
async function notFound(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  return errorResponse(404, "route_not_found", `No route ${request.method} ${pathname}`);
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
