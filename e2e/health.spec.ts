import { expect, test } from "@playwright/test";

test("the production build answers health and the OpenAPI document", async ({ request }) => {
  const health = await request.get("/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });
  const ready = await request.get("/health/ready");
  expect(await ready.json()).toEqual({ status: "ok", database: "up" });
  const openapi = await request.get("/v1/openapi.json");
  expect((await openapi.json()).info.version).toBe("1.0.0");
  const unknown = await request.get("/v1/does-not-exist", { headers: { authorization: "Bearer x" } });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ statusCode: 404 });
});
