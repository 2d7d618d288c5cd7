import { readdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileRouteTable, matchRoute, NodeRequestHeaders, routeTableDispatcher, routeTableMode, type RouteTableEntry } from "@/lib/api/route-table-dispatch";
import { v1RouteTable } from "./route-table";

// The table the production server answers /v1 from must hold every route file,
// with the module Next would load for it; e2e/v1-route-table.spec.ts compares
// the answers of both paths on the built server.

function routeFilesUnder(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...routeFilesUnder(full));
    else if (entry.name === "route.ts") found.push(full);
  }
  return found;
}

describe("v1RouteTable", () => {
  it("has every app/v1 route file, once, under its path", () => {
    const appDirectory = path.resolve(import.meta.dirname, "..");
    const filePaths = routeFilesUnder(path.join(appDirectory, "v1")).map((file) => `/${path.relative(appDirectory, path.dirname(file)).split(path.sep).join("/")}`);
    const tablePaths = v1RouteTable.map((entry) => entry.path);
    expect([...tablePaths].sort()).toEqual([...filePaths].sort());
  });

  it("holds each file's own module (its exported handlers)", async () => {
    for (const entry of v1RouteTable) {
      const loaded = (await import(/* @vite-ignore */ `@/app${entry.path}/route`)) as Record<string, unknown>;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) expect(entry.module[method], `${method} ${entry.path}`).toBe(loaded[method]);
    }
  });
});

describe("matchRoute", () => {
  const table = compileRouteTable(v1RouteTable);
  const pathOf = (pathname: string) => matchRoute(table, pathname)?.entry.path;

  it("prefers a static segment over a [param], and a [param] over the catch-all, as Next does", () => {
    expect(pathOf("/v1/fiscal-documents/batch")).toBe("/v1/fiscal-documents/batch");
    expect(pathOf("/v1/fiscal-documents/doc_1")).toBe("/v1/fiscal-documents/[id]");
    expect(pathOf("/v1/webhooks/backfill/run_1")).toBe("/v1/webhooks/backfill/[runId]");
    expect(pathOf("/v1/received-documents/sync")).toBe("/v1/received-documents/sync");
    expect(pathOf("/v1/clients/c1/nothing")).toBe("/v1/[...path]");
    expect(pathOf("/v1/nothing")).toBe("/v1/[...path]");
  });

  it("gives the params by name, the catch-all's as its segments", () => {
    expect(matchRoute(table, "/v1/fiscal-documents/d1/events/e2/xml")?.params).toEqual({ id: "d1", eventId: "e2" });
    expect(matchRoute(table, "/v1/a/b")?.params).toEqual({ path: ["a", "b"] });
  });
});

describe("routeTableMode", () => {
  it("is on in production unless V1_ROUTE_TABLE says otherwise, and always off outside production", () => {
    expect(routeTableMode({ NODE_ENV: "production" })).toBe("on");
    expect(routeTableMode({ NODE_ENV: "production", V1_ROUTE_TABLE: "off" })).toBe("off");
    expect(routeTableMode({ NODE_ENV: "production", V1_ROUTE_TABLE: "compare" })).toBe("compare");
    expect(routeTableMode({ NODE_ENV: "development", V1_ROUTE_TABLE: "on" })).toBe("off");
    expect(() => routeTableMode({ NODE_ENV: "production", V1_ROUTE_TABLE: "yes" })).toThrow(/V1_ROUTE_TABLE/);
  });
});

describe("routeTableDispatcher", () => {
  // A stand-in table: the handler echoes what it was given, so the bridge is what is tested.
  const echo = async (request: Request, context: { params: Promise<Record<string, string | string[] | undefined>> }) => {
    const body = request.method === "GET" ? null : await new Response(request.body).text();
    const answer = Response.json({ method: request.method, url: request.url, params: await context.params, body, forwardedFor: request.headers.get("x-forwarded-for") }, { status: 201 });
    answer.headers.set("x-frame-options", "from the handler");
    answer.headers.append("set-cookie", "a=1");
    answer.headers.append("set-cookie", "b=2");
    return answer;
  };
  const entries: RouteTableEntry[] = [{ path: "/v1/things/[id]", module: { GET: echo, POST: echo } }];
  const dispatch = routeTableDispatcher(entries, "compare");
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      response.setHeader("x-frame-options", "DENY");
      if (!dispatch(request, response)) return;
      response.writeHead(418).end("fell through");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a table route with the handler's Response: status, body, cookies, and the headers already set kept", async () => {
    const response = await fetch(`${base}/v1/things/t1?x=%20y`, { method: "POST", body: '{"a":1}' });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({ method: "POST", url: `${base}/v1/things/t1?x=%20y`, params: { id: "t1" }, body: '{"a":1}', forwardedFor: "127.0.0.1" });
  });

  it("leaves to Next what it does not route exactly like Next", async () => {
    for (const [method, target] of [
      ["GET", "/v1/things/t%31"],
      ["GET", "/v1/things/t1/"],
      ["GET", "/v1/things/.."],
      ["GET", "/v1/other"],
      ["HEAD", "/v1/things/t1"],
      ["DELETE", "/v1/things/t1"],
      ["GET", "/health"],
    ] as const) {
      const response = await fetch(`${base}${target}`, { method });
      expect(response.status, `${method} ${target}`).toBe(418);
    }
    const viaNext = await fetch(`${base}/v1/things/t1`, { headers: { "x-fiscal-route-via-next": "1" } });
    expect(viaNext.status).toBe(418);
  });
});

describe("NodeRequestHeaders", () => {
  it("reads like the Headers Next fills from the same Node headers, before and after it is filled", () => {
    const raw = { "content-type": "application/json", cookie: "a=1", "x-list": ["a", "b"] } as unknown as http.IncomingHttpHeaders;
    const lazy = new NodeRequestHeaders(raw);
    const filled = new Headers();
    for (const [name, value] of Object.entries(raw)) for (const item of [value].flat()) filled.append(name, item as string);
    expect(lazy).toBeInstanceOf(Headers);
    for (const name of ["Content-Type", "cookie", "x-list", "absent", "constructor", "__proto__"]) {
      expect(lazy.get(name), name).toBe(filled.get(name));
      expect(lazy.has(name), name).toBe(filled.has(name));
    }
    expect([...lazy]).toEqual([...filled]);
    lazy.set("cookie", "b=2");
    expect(lazy.get("cookie")).toBe("b=2");
    expect(lazy.get("x-list")).toBe("a, b");
  });
});
