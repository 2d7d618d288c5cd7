import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardApiRequest, isApiRequestPath } from "./api-request-guard";

// The /v1 protections given on the raw request (proxy.ts skips /v1), on a real
// loopback server: the route's answer keeps them, and a malformed path or a
// method the route does not take is answered with the JSON error object.
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!guardApiRequest(req, res)) return;
    // What a route handler answers through Next: its own headers only where the guard set none.
    if (res.getHeader("cache-control") === undefined) res.setHeader("cache-control", "public, max-age=60");
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ reached: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a raw request line (path exactly as written) and returns the status, headers and body. */
function rawRequest(method: string, target: string, headerLines: string[] = []): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write([`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...headerLines, "", ""].join("\r\n")));
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      const headers = Object.fromEntries(head!.split("\r\n").slice(1).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      resolve({ status: Number(head!.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

describe("the /v1 raw request guard", () => {
  it("puts the API security headers on a route's answer, over the route's own Cache-Control", async () => {
    const answer = await rawRequest("GET", "/v1/clients?pageSize=20");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ reached: "/v1/clients?pageSize=20" });
    expect(answer.headers).toMatchObject({
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cache-control": "no-store",
    });
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
    const viaHttps = await rawRequest("GET", "/v1/clients", ["X-Forwarded-Proto: https"]);
    expect(viaHttps.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
  });

  it("refuses paths whose dot segments lead into /v1, with the security headers (issue 49)", async () => {
    for (const target of ["/api/../v1/clients", "/x/%2e%2e/v1/clients?page=1", "/./v1/company", "/a/b/../../V1/clients"]) {
      const answer = await rawRequest("GET", target);
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body), target).toMatchObject({ code: "validation_error", message: expect.stringContaining("dot segments") });
      expect(answer.headers, target).toMatchObject({ "x-content-type-options": "nosniff", "cache-control": "no-store", "x-frame-options": "DENY" });
    }
    // Dot segments that stay outside /v1 are proxy.ts's, as before.
    expect((await rawRequest("GET", "/api/../dashboard")).status).toBe(200);
  });

  it("keeps the public OpenAPI document cacheable and leaves other paths to proxy.ts", async () => {
    const openapi = await rawRequest("GET", "/v1/openapi.json");
    expect(openapi.headers["cache-control"]).toBe("public, max-age=60");
    expect(openapi.headers["x-content-type-options"]).toBe("nosniff");
    const page = await rawRequest("GET", "/dashboard");
    expect(page.headers["content-security-policy"]).toBeUndefined();
    expect(page.headers["x-content-type-options"]).toBeUndefined();
  });

  it("answers a path Next cannot decode with 400 validation_error and the headers", async () => {
    const answer = await rawRequest("GET", "/v1/clients/%ED%A0%80");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 400, code: "validation_error", message: expect.stringContaining("not valid percent-encoded UTF-8") });
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers a method the route does not take with 405, Allow and the error object", async () => {
    const answer = await rawRequest("PUT", "/v1/clients");
    expect(answer.status).toBe(405);
    expect(answer.headers["allow"]).toBe("GET, HEAD, OPTIONS, POST");
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 405, code: "method_not_allowed", message: "PUT is not allowed on /v1/clients; allowed: GET, HEAD, OPTIONS, POST" });
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await rawRequest("OPTIONS", "/v1/clients")).status).toBe(200); // Next answers OPTIONS itself
  });

  it("covers every spelling proxy.ts's matcher may leave out: any case, percent-encoded, absolute-form", async () => {
    for (const path of ["/v1", "/v1/", "/v1/clients", "/V1/clients", "/%761/clients", "/v1/clients/%ED%A0%80"]) expect(isApiRequestPath(path), path).toBe(true);
    for (const path of ["/", "/v10/clients", "/v1clients", "/api/dashboard", "/health", "/dashboard/v1"]) expect(isApiRequestPath(path), path).toBe(false);
    const absolute = await rawRequest("GET", "http://127.0.0.1/v1/clients");
    expect(absolute.headers["x-content-type-options"]).toBe("nosniff");
    const upper = await rawRequest("GET", "/V1/clients");
    expect(upper.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
