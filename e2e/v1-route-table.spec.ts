import { expect, test, type APIResponse } from "@playwright/test";
import { createApiKey } from "@/lib/auth/api-keys";
import { SCOPES } from "@/lib/contracts/scopes";
import { createDemoCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";

// The production server answers /v1 from its route table (lib/api/route-table-dispatch.ts);
// the e2e server runs with V1_ROUTE_TABLE=compare, where x-fiscal-route-via-next sends the
// same request through Next's router and app-route handler instead. Both must answer alike:
// status, headers (the security and RateLimit headers included) and body. In that mode the
// table marks its answers with x-fiscal-served-by-route-table, so both paths are seen taken.

test.afterAll(() => db.$disconnect());

const VIA_NEXT = { "x-fiscal-route-via-next": "1" };
// Set per connection or per moment, not by the route.
const TRANSPORT = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-fiscal-served-by-route-table"]);

function comparable(response: APIResponse): { status: number; headers: string[] } {
  const headers = response
    .headersArray()
    .map(({ name, value }) => ({ name: name.toLowerCase(), value }))
    .filter(({ name }) => !TRANSPORT.has(name))
    // One request more was counted between the two answers; the window's reset moves with the clock.
    .map(({ name, value }) => `${name}: ${name === "ratelimit" ? value.replace(/r=\d+;t=\d+/, "r=…;t=…") : name === "x-ratelimit-remaining" || name === "x-ratelimit-reset" ? "…" : value}`)
    .sort();
  return { status: response.status(), headers };
}

test("the route table answers /v1 exactly as Next's route handlers do", async ({ request }) => {
  test.setTimeout(90_000);
  const { company } = await createDemoCompany({});
  const { key } = await createApiKey({ companyId: company.id, name: "route table", scopes: [...SCOPES] });
  const auth = { authorization: `Bearer ${key}` };
  const samples: { method: "GET" | "POST" | "PATCH" | "DELETE"; path: string; headers?: Record<string, string>; body?: string }[] = [
    { method: "GET", path: "/v1/clients?pageSize=20", headers: auth },
    { method: "GET", path: "/v1/clients?pageSize=20", headers: { ...auth, "accept-encoding": "identity" } },
    { method: "GET", path: "/v1/clients?pageSize=abc", headers: auth },
    { method: "GET", path: "/v1/clients/no-such-client", headers: auth },
    { method: "GET", path: "/v1/clients?pageSize=20" },
    { method: "GET", path: "/v1/clients?pageSize=20", headers: { authorization: "Bearer fsk_not_a_real_key_0000" } },
    { method: "GET", path: "/v1/products?pageSize=5", headers: auth },
    { method: "GET", path: "/v1/fiscal-documents?pageSize=5", headers: auth },
    { method: "GET", path: "/v1/company", headers: auth },
    { method: "GET", path: "/v1/webhooks", headers: auth },
    { method: "GET", path: "/v1/tax-rules", headers: auth },
    { method: "GET", path: "/v1/companies", headers: auth },
    { method: "GET", path: "/v1/openapi.json" },
    { method: "GET", path: "/v1/no/such/route", headers: auth },
    { method: "POST", path: "/v1/clients", headers: { ...auth, "content-type": "application/json" }, body: "{not json" },
    { method: "POST", path: "/v1/clients", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ name: "" }) },
    { method: "PATCH", path: "/v1/clients/no-such-client", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ name: "X" }) },
    { method: "DELETE", path: "/v1/clients/no-such-client", headers: auth },
  ];
  let servedByTable = 0;
  for (const sample of samples) {
    const viaTable = await request.fetch(sample.path, { method: sample.method, headers: sample.headers, data: sample.body });
    const viaNext = await request.fetch(sample.path, { method: sample.method, headers: { ...sample.headers, ...VIA_NEXT }, data: sample.body });
    const name = `${sample.method} ${sample.path}`;
    expect(comparable(viaTable), name).toEqual(comparable(viaNext));
    expect(await viaTable.text(), name).toBe(await viaNext.text());
    expect(viaTable.headers()["content-security-policy"], name).toBeTruthy();
    // The key's rate limit is counted and shown on every authenticated answer of a company route.
    if (sample.headers?.authorization === auth.authorization && sample.path.startsWith("/v1/clients")) expect(viaTable.headers()["ratelimit"], name).toBeTruthy();
    expect(viaNext.headers()["x-fiscal-served-by-route-table"], name).toBeUndefined();
    if (viaTable.headers()["x-fiscal-served-by-route-table"] === "1") servedByTable++;
  }
  expect(servedByTable).toBe(samples.length);
});

test("an NF-e created and authorized in one call through the table; its XML and DANFE are Next's bytes", async ({ request }) => {
  test.setTimeout(90_000);
  const { company } = await createDemoCompany({});
  const { key } = await createApiKey({ companyId: company.id, name: "route table downloads", scopes: [...SCOPES] });
  const auth = { authorization: `Bearer ${key}` };
  const created = await request.post("/v1/fiscal-documents", {
    headers: { ...auth, "content-type": "application/json", prefer: "wait=10" },
    data: JSON.stringify({
      type: "NFE",
      emit: true,
      client: { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
      items: [{ code: "SKU-1", description: "Café torrado 500 g", quantity: 2, unitValue: 50, ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }],
      payments: [{ method: "PIX", value: 100 }],
    }),
  });
  expect(created.headers()["x-fiscal-served-by-route-table"]).toBe("1");
  const document = (await created.json()) as { id: string; status: string };
  expect(document.status).toBe("AUTHORIZED");
  for (const path of [`/v1/fiscal-documents/${document.id}/xml?download=true`, `/v1/fiscal-documents/${document.id}/danfe`, `/v1/fiscal-documents/${document.id}`]) {
    const viaTable = await request.get(path, { headers: auth });
    const viaNext = await request.get(path, { headers: { ...auth, ...VIA_NEXT } });
    expect(viaTable.headers()["x-fiscal-served-by-route-table"], path).toBe("1");
    expect(comparable(viaTable), path).toEqual(comparable(viaNext));
    expect((await viaTable.body()).equals(await viaNext.body()), path).toBe(true);
  }
});
