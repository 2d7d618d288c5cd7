import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/health/route";
import { GET as ready } from "@/app/health/ready/route";
import { GET as openapi } from "@/app/v1/openapi.json/route";
import { GET as unknownRoute } from "@/app/v1/[...path]/route";
import { createDbClient } from "@/lib/db/client";
import { readiness } from "./health";

describe("health", () => {
  it("reports liveness with version and uptime", async () => {
    const res = await health();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", version: expect.any(String) });
    expect(body.uptime).toBeGreaterThan(0);
  });

  it("reports the database up", async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("reports the database down when PostgreSQL cannot be reached", async () => {
    const closed = createDbClient("postgresql://postgres@127.0.0.1:1/none", 1);
    expect(await readiness(closed)).toEqual({ status: "error", database: "down" });
    await closed.$disconnect();
  });
});

describe("/v1 meta", () => {
  it("serves an OpenAPI 3.1 document, version 1.0.0", async () => {
    const body = await (await openapi()).json();
    expect(body.openapi).toBe("3.1.0");
    expect(body.info.version).toBe("1.0.0");
    expect(body.paths["/health"].get).toBeDefined();
  });

  it("answers unknown /v1 routes with a JSON 404", async () => {
    const res = await unknownRoute(new Request("http://localhost/v1/nope", { method: "GET" }));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, error: "Not Found", code: "route_not_found" });
  });
});
