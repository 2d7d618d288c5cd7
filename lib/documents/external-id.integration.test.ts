import { describe, expect, it } from "vitest";
import { GET as list, POST as create } from "@/app/v1/fiscal-documents/route";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { companyWithClient } from "./testing/fixtures";

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });

describe("externalId unique per company", () => {
  it("answers 409 duplicate_external_id naming the existing document, and the list finds it by externalId", async () => {
    const company = await companyWithClient();
    const first = await post(company.key, company.base({ externalId: "PED-1001" }));
    expect(first.status).toBe(201);
    const second = await post(company.key, company.base({ externalId: "PED-1001", items: [{ code: "X", description: "Outro", quantity: 2, unitValue: 5 }] }));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ statusCode: 409, code: "duplicate_external_id" });
    expect(second.body.message).toContain(first.body.id);
    // The company is in HOMOLOGATION: a lookup by externalId finds it without naming the environment.
    const found = await call(list, { path: "/v1/fiscal-documents?externalId=PED-1001", key: company.key });
    expect(found.status).toBe(200);
    expect(found.body.data.map((d: { id: string }) => d.id)).toEqual([first.body.id]);
    const none = await call(list, { path: "/v1/fiscal-documents?externalId=PED-1001&environment=PRODUCTION", key: company.key });
    expect(none.body.data).toEqual([]);
  });

  it("creates one document out of concurrent creates with one externalId; other companies and documents without one are free", async () => {
    const company = await companyWithClient();
    const other = await companyWithClient();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(company.key, company.base({ externalId: "PED-77" }))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "duplicate_external_id")).toBe(true);
    expect((await post(other.key, other.base({ externalId: "PED-77" }))).status).toBe(201);
    expect((await post(company.key, company.base())).status).toBe(201);
    expect((await post(company.key, company.base())).status).toBe(201);
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(3);
  });
});
