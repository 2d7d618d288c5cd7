import { describe, expect, it } from "vitest";
import { DELETE as remove, GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { companyWithClient, item } from "./testing/fixtures";

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });
const del = (key: string, id: string) => call(remove, { method: "DELETE", path: `/v1/fiscal-documents/${id}`, key, params: { id } });
const detail = (key: string, id: string) => call(getDetail, { path: `/v1/fiscal-documents/${id}`, key, params: { id } });

const setup = () => companyWithClient({ environment: "HOMOLOGATION" });

describe("DELETE /v1/fiscal-documents/{id}", () => {
  it("removes a draft with its lines, payments and installments; the id is then 404", async () => {
    const c = await setup();
    const created = await post(c.key, { type: "NFE", clientId: c.client.id, items: [item({ unitValue: 10 }), item({ unitValue: 10 })], payments: [{ method: "PIX", value: 20 }] });
    expect(created.status).toBe(201);
    const res = await del(c.key, created.body.id);
    expect(res.status).toBe(204);
    expect((await detail(c.key, created.body.id)).status).toBe(404);
    expect(await db.fiscalDocumentItem.count({ where: { documentId: created.body.id } })).toBe(0);
    expect((await del(c.key, created.body.id)).status).toBe(404);
  });

  it("refuses any other status with 422 invalid_status and keeps the document", async () => {
    const c = await setup();
    for (const status of ["PROCESSING", "AUTHORIZED", "REJECTED", "CANCELLED"] as const) {
      const created = await post(c.key, { type: "NFE", clientId: c.client.id, items: [item()] });
      await db.fiscalDocument.update({ where: { id: created.body.id }, data: { status, number: 7, series: 1 } });
      const res = await del(c.key, created.body.id);
      expect(res.status, status).toBe(422);
      expect(res.body).toMatchObject({ statusCode: 422, code: "invalid_status" });
      expect(res.body.message).toContain(status);
      expect((await detail(c.key, created.body.id)).body.status).toBe(status);
    }
  });

  it("treats another company's draft as not found and needs documents:write", async () => {
    const c = await setup();
    const other = await setup();
    const created = await post(c.key, { type: "NFE", clientId: c.client.id, items: [item()] });
    expect((await del(other.key, created.body.id)).status).toBe(404);
    const readOnly = await createApiKey({ companyId: c.companyId, name: "read", scopes: ["documents:read"] });
    expect((await del(readOnly.key, created.body.id)).status).toBe(403);
    expect((await detail(c.key, created.body.id)).body.status).toBe("DRAFT");
  });
});
