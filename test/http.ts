import type { RouteHandler } from "@/lib/api/handle";

export type CallOptions = {
  method?: string;
  path: string;
  key?: string | null;
  body?: unknown;
  /** Sent as-is (malformed JSON tests). */
  rawBody?: string;
  params?: Record<string, string | string[]>;
  headers?: Record<string, string>;
};

export type CallResult = { status: number; body: any; text: string; headers: Headers };

/** Calls a route handler in-process with a real Request, as Next would. */
export async function call(handler: RouteHandler, options: CallOptions): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const request = new Request(`http://localhost${options.path}`, { method: options.method ?? "GET", headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let parsed: unknown = undefined;
  if ((response.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: response.status, body: parsed, text, headers: response.headers };
}

type CollectionRoutes = { GET: RouteHandler; POST: RouteHandler };
type MemberRoutes = { GET: RouteHandler; PATCH: RouteHandler; DELETE: RouteHandler };

/** Callers of one /v1 register's routes (create, detail, update, remove, list) with an API key. */
export function registerCalls(path: string, collection: CollectionRoutes, member: MemberRoutes) {
  const at = (id: string) => ({ path: `${path}/${id}`, params: { id } });
  return {
    post: (key: string, body: unknown) => call(collection.POST, { method: "POST", path, key, body }),
    get: (key: string, id: string) => call(member.GET, { ...at(id), key }),
    patch: (key: string, id: string, body: unknown) => call(member.PATCH, { method: "PATCH", ...at(id), key, body }),
    remove: (key: string, id: string) => call(member.DELETE, { method: "DELETE", ...at(id), key }),
    list: (key: string, query = "") => call(collection.GET, { path: `${path}${query}`, key }),
  };
}
