import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as removeDraft } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/route";
import { POST as preview } from "@/app/api/dashboard/companies/[companyId]/documents/preview/route";
import { POST as create } from "@/app/api/dashboard/companies/[companyId]/documents/route";
import { getDocument } from "@/lib/documents/get-document";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { configureCompanyDefaults, item, makeClient } from "./testing/fixtures";

process.env.NEXTAUTH_SECRET = "documents-preview-test-secret";

// Sessions are re-checked against a real user on every request.
const cookie = (tenantId: string, role: "ADMIN" | "ACCOUNTANT" | "SUPPORT") => signedInCookie(tenantId, role);

let company: TestCompany;
let admin: Record<string, string>;
const path = (suffix = "") => `/api/dashboard/companies/${company.companyId}/documents${suffix}`;

beforeAll(async () => {
  company = await createTestCompany({ environment: "HOMOLOGATION" });
  await configureCompanyDefaults(company.companyId);
  admin = await cookie(company.tenantId, "ADMIN");
});

describe("dashboard preview and draft deletion", () => {
  it("previews exactly the taxes and totals creation stores, and writes nothing (not even an inline client)", async () => {
    const params = { companyId: company.companyId };
    const inline = { name: "Cliente Prévia Ltda", document: "06929383000163", street: "Rua A", number: "1", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" };
    const body = { type: "NFE", client: inline, items: [item({ quantity: 3, unitValue: 12.5 }), item({ code: "SKU-2", cfop: "5102" })] };
    const clientsBefore = await db.client.count({ where: { companyId: company.companyId } });
    const shown = await call(preview, { method: "POST", path: path("/preview"), params, headers: admin, body });
    expect(shown.status).toBe(200);
    expect(await db.client.count({ where: { companyId: company.companyId } })).toBe(clientsBefore);
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(0);

    const created = await call(create, { method: "POST", path: path(), params, headers: admin, body });
    expect(created.status).toBe(201);
    const stored = await getDocument({ companyId: company.companyId, documentId: created.body.id });
    expect(shown.body.totalValue).toBe(stored.totalValue);
    expect(shown.body.taxTotals).toEqual(stored.taxTotals);
    const strip = (items: typeof stored.items) => items.map(({ id: _id, quantity, unitValue, ...rest }) => ({ ...rest, quantity: Number(quantity), unitValue: Number(unitValue) }));
    expect(strip(shown.body.items)).toEqual(strip(stored.items));
  });

  it("answers a bad body with the create route's validation error", async () => {
    const res = await call(preview, { method: "POST", path: path("/preview"), params: { companyId: company.companyId }, headers: admin, body: { type: "NFE", items: [] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
  });

  it("deletes a draft for a writer role and refuses SUPPORT", async () => {
    const client = await makeClient(company.companyId);
    const params = { companyId: company.companyId };
    const created = await call(create, { method: "POST", path: path(), params, headers: admin, body: { type: "NFE", clientId: client.id, items: [item()] } });
    const support = await cookie(company.tenantId, "SUPPORT");
    const denied = await call(removeDraft, { method: "DELETE", path: path(`/${created.body.id}`), params: { ...params, documentId: created.body.id }, headers: support });
    expect(denied.status).toBe(403);
    const res = await call(removeDraft, { method: "DELETE", path: path(`/${created.body.id}`), params: { ...params, documentId: created.body.id }, headers: admin });
    expect(res.status).toBe(204);
    expect(await db.fiscalDocument.findUnique({ where: { id: created.body.id } })).toBeNull();
  });
});
