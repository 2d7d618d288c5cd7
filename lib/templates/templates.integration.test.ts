import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/fiscal-templates/route";
import * as member from "@/app/v1/fiscal-templates/[id]/route";
import { createTestCompany, db } from "@/test/factories";
import { registerCalls } from "@/test/http";
import { findUsableTemplate } from "./lookup";
import { ensureSystemTemplates, SYSTEM_TEMPLATES } from "./system-templates";
import { createTenantTemplate } from "./template-service";

const { post, get, patch, remove, list } = registerCalls("/v1/fiscal-templates", collection, member);

describe("system templates", () => {
  it("are seeded idempotently by systemKey and include the four shipped operations", async () => {
    await ensureSystemTemplates();
    await ensureSystemTemplates();
    const rows = await db.fiscalTemplate.findMany({ where: { source: "SYSTEM" } });
    expect(rows).toHaveLength(SYSTEM_TEMPLATES.length);
    expect(rows.map((r) => r.systemKey).sort()).toEqual(expect.arrayContaining(["return-of-goods", "sale-of-goods", "sale-to-final-consumer", "service-provision"]));
  });
});

describe("GET /v1/fiscal-templates", () => {
  it("returns company, tenant and system templates filtered by type, company first, source in lowercase", async () => {
    const company = await createTestCompany();
    const own = (await post(company.key, { name: "Minha venda", type: "NFE", cfop: "5102", icmsCst: "00", icmsRate: 18 })).body;
    const shared = await createTenantTemplate(company.tenantId, { name: "Venda do escritório", type: "NFE", cfop: "5102" });
    await createTenantTemplate(company.tenantId, { name: "Serviço do escritório", type: "NFSE", serviceCode: "0107" });
    const res = await list(company.key, "?type=NFE&pageSize=100");
    expect(res.status).toBe(200);
    const rows = res.body.data as { id: string; source: string; type: string }[];
    expect(rows.every((t) => t.type === "NFE")).toBe(true);
    expect(rows[0]).toMatchObject({ id: own.id, source: "company" });
    expect(rows[1]).toMatchObject({ id: shared.id, source: "tenant" });
    expect(rows.filter((t) => t.source === "system").length).toBe(SYSTEM_TEMPLATES.filter((t) => t.type === "NFE").length);
    const nfse = (await list(company.key, "?type=NFSE")).body.data as { source: string; name: string }[];
    expect(nfse.map((t) => t.source)).toEqual(["tenant", "system"]);
    expect(nfse.map((t) => t.name)).toContain("Prestação de serviço");
    expect((await list(company.key, "?type=NFCE")).status).toBe(400);
  });
});

describe("POST /v1/fiscal-templates", () => {
  it("creates a company template with decimal strings and nulls the other model's fields", async () => {
    const company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const res = await post(company.key, { name: "Venda SN", type: "NFE", operationNature: "Venda", cfop: "5102", icmsOrigin: 0, icmsCst: "102", icmsRate: 18, pisCst: "49", serviceCode: "0107" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), source: "company", type: "NFE", cfop: "5102", icmsOrigin: "0", icmsCst: "102", icmsRate: null, serviceCode: null });
    const service = await post(company.key, { name: "Consultoria", type: "NFSE", serviceCode: "1701", nationalServiceCode: "170101", cfop: "5102", pisRate: 0.65 });
    expect(service.body).toMatchObject({ type: "NFSE", serviceCode: "1701", nationalServiceCode: "170101", cfop: null, pisRate: "0.6500" });
    expect((await get(company.key, service.body.id)).body).toEqual(service.body);
  });

  it("refuses missing name/type (400), a bad CFOP (422 invalid_cfop) and taxation emission would refuse (422 invalid_taxation)", async () => {
    const company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    for (const body of [{ type: "NFE" }, { name: "T" }, { name: "T", type: "NFCE" }]) {
      const res = await post(company.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    const cfop = await post(company.key, { name: "T", type: "NFE", cfop: "51" });
    expect(cfop.status).toBe(422);
    expect(cfop.body.code).toBe("invalid_cfop");
    for (const body of [{ icmsCst: "00" }, { icmsCst: "201" }, { icmsCst: "101" }, { pisRate: 150 }]) {
      const res = await post(company.key, { name: "T", type: "NFE", ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("invalid_taxation");
    }
  });
});

describe("PATCH and DELETE", () => {
  it("update and remove company templates; tenant and system templates answer 404 on writes", async () => {
    const company = await createTestCompany();
    const own = (await post(company.key, { name: "A", type: "NFE", cfop: "5102" })).body;
    const updated = await patch(company.key, own.id, { cfop: "5405", additionalInfo: "Obs" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "A", cfop: "5405", additionalInfo: "Obs" });
    expect((await patch(company.key, own.id, { icmsCst: "101" })).body.code).toBe("invalid_taxation");

    const tenant = await createTenantTemplate(company.tenantId, { name: "T", type: "NFE" });
    const system = await db.fiscalTemplate.findUniqueOrThrow({ where: { systemKey: "sale-of-goods" } });
    for (const id of [tenant.id, system.id]) {
      expect((await get(company.key, id)).status).toBe(200);
      const p = await patch(company.key, id, { name: "hijack" });
      expect(p.status).toBe(404);
      expect(p.body.code).toBe("not_found");
      expect((await remove(company.key, id)).status).toBe(404);
    }
    expect((await db.fiscalTemplate.findUniqueOrThrow({ where: { id: system.id } })).name).toBe("Venda de mercadoria");
    expect((await remove(company.key, own.id)).status).toBe(204);
    expect((await get(company.key, own.id)).status).toBe(404);
  });
});

describe("lookup used by document creation", () => {
  it("gives invalid_template for unknown or invisible templates and template_type_mismatch for the wrong model", async () => {
    const company = await createTestCompany();
    const system = await db.fiscalTemplate.findUniqueOrThrow({ where: { systemKey: "service-provision" } });
    await expect(findUsableTemplate(company.companyId, system.id, "NFSE")).resolves.toMatchObject({ id: system.id });
    await expect(findUsableTemplate(company.companyId, system.id, "NFCE")).rejects.toMatchObject({ status: 422, code: "template_type_mismatch" });
    await expect(findUsableTemplate(company.companyId, "nope", "NFE")).rejects.toMatchObject({ status: 422, code: "invalid_template" });
  });
});

describe("company and tenant isolation", () => {
  it("company B cannot see, change, delete or use company A's template, nor another tenant's", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const own = (await post(a.key, { name: "Secret", type: "NFE" })).body;
    const tenantA = await createTenantTemplate(a.tenantId, { name: "Office A", type: "NFE" });
    for (const id of [own.id, tenantA.id]) {
      expect((await get(b.key, id)).status).toBe(404);
      expect((await patch(b.key, id, { name: "x" })).status).toBe(404);
      expect((await remove(b.key, id)).status).toBe(404);
      await expect(findUsableTemplate(b.companyId, id, "NFE")).rejects.toMatchObject({ status: 422, code: "invalid_template" });
    }
    const seen = (await list(b.key, "?pageSize=100")).body.data.map((t: { id: string }) => t.id);
    expect(seen).not.toContain(own.id);
    expect(seen).not.toContain(tenantA.id);
    // A sibling company of the same tenant sees the tenant template but not A's own.
    const sibling = await createTestCompany({ tenantId: a.tenantId });
    const siblingSees = (await list(sibling.key, "?pageSize=100")).body.data.map((t: { id: string }) => t.id);
    expect(siblingSees).toContain(tenantA.id);
    expect(siblingSees).not.toContain(own.id);
  });
});
