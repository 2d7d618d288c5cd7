import { describe, expect, it } from "vitest";
import { DELETE as leaveRoute, GET as getRoute, POST as enterRoute } from "@/app/v1/contingency/route";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { activeContingencyBanners } from "./contingency-state";
import { enterContingency } from "./enter-contingency";

const JUSTIFICATION = "SEFAZ-SP fora do ar desde as 14h, orientacao do contador";
const get = (key: string) => call(getRoute, { path: "/v1/contingency", key });
const enter = (key: string, body: unknown) => call(enterRoute, { method: "POST", path: "/v1/contingency", key, body });
const leave = (key: string, model: string) => call(leaveRoute, { method: "DELETE", path: `/v1/contingency?model=${model}`, key });

const inactive = (model: string) => ({ model, active: false, mode: null, since: null, reason: null, automatic: null });

describe("/v1/contingency", () => {
  it("answers each model inactive, enters by hand (for NFC-e the state's first mode, SP: EPEC; the state's SVC for NF-e) and leaves", async () => {
    const company = await createTestCompany({ state: "SP" });
    expect((await get(company.key)).body).toEqual({ "55": inactive("55"), "58": inactive("58"), "65": inactive("65") });

    const nfce = await enter(company.key, { model: "65", justification: JUSTIFICATION });
    expect(nfce.status, nfce.text).toBe(200);
    expect(nfce.body).toEqual({ model: "65", active: true, mode: "EPEC", since: expect.any(String), reason: JUSTIFICATION, automatic: false });
    const nfe = await enter(company.key, { model: "55", justification: JUSTIFICATION });
    expect(nfe.body).toMatchObject({ model: "55", active: true, mode: "SVC_AN", automatic: false });

    const both = await get(company.key);
    expect(both.body["65"]).toEqual(nfce.body);
    expect(both.body["55"]).toEqual(nfe.body);

    expect((await activeContingencyBanners(company.companyId)).map((b) => [b.model, b.mode, b.authority])).toEqual([
      [55, "SVC_AN", "SEFAZ-SP"],
      [65, "EPEC", "SEFAZ-SP"],
    ]);

    const left = await leave(company.key, "65");
    expect(left.status, left.text).toBe(200);
    expect(left.body).toEqual(inactive("65"));
    expect((await get(company.key)).body).toMatchObject({ "55": { active: true }, "65": { active: false } });
    const history = await db.companyContingency.findMany({ where: { companyId: company.companyId, model: 65 } });
    expect(history).toEqual([expect.objectContaining({ endedAt: expect.any(Date), endedReason: "Encerrada manualmente", automatic: false })]);
  });

  it("picks SVC-RS for a state the table assigns to it (PR)", async () => {
    const company = await createTestCompany({ state: "PR", municipalityCode: "4106902" });
    expect((await enter(company.key, { model: "55", justification: JUSTIFICATION })).body).toMatchObject({ mode: "SVC_RS" });
  });

  it("is idempotent: entering again answers the active one unchanged, leaving twice answers inactive", async () => {
    const company = await createTestCompany();
    const first = await enter(company.key, { model: "65", justification: JUSTIFICATION });
    const again = await enter(company.key, { model: "65", justification: "Outra justificativa qualquer com tamanho" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await leave(company.key, "65")).body).toEqual(inactive("65"));
    expect((await leave(company.key, "65")).status).toBe(200);
    expect(await db.companyContingency.count({ where: { companyId: company.companyId } })).toBe(1);
  });

  it("lets exactly one of simultaneous entries in (the one-active index)", async () => {
    const company = await createTestCompany();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => enterContingency({ companyId: company.companyId, model: 55, reason: `Entrada concorrente numero ${i}`, automatic: i % 2 === 0 })),
    );
    expect(outcomes.filter((o) => o.entered)).toHaveLength(1);
    const ids = new Set(outcomes.map((o) => o.contingency?.id));
    expect(ids.size).toBe(1);
    expect(await db.companyContingency.count({ where: { companyId: company.companyId, endedAt: null } })).toBe(1);
  });

  it("validates model and justification (15–256 characters) with 400 validation_error, writing nothing", async () => {
    const company = await createTestCompany();
    const bad = [
      { model: "65", justification: "curta demais" },
      { model: "65", justification: "x".repeat(257) },
      { model: "57", justification: JUSTIFICATION },
      { model: 65, justification: JUSTIFICATION },
      { justification: JUSTIFICATION },
    ];
    for (const body of bad) {
      const res = await enter(company.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: "validation_error" });
    }
    expect((await enter(company.key, { model: "65", justification: "x".repeat(256) })).status).toBe(200);
    const noModel = await call(leaveRoute, { method: "DELETE", path: "/v1/contingency", key: company.key });
    expect(noModel.status).toBe(400);
    expect(await db.companyContingency.count({ where: { companyId: company.companyId } })).toBe(1);
  });

  it("needs documents:read to see and documents:write to change; another company's contingency is not seen", async () => {
    const reader = await createTestCompany({ scopes: ["documents:read"] });
    expect((await get(reader.key)).status).toBe(200);
    const refused = await enter(reader.key, { model: "65", justification: JUSTIFICATION });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    expect((await leave(reader.key, "65")).status).toBe(403);

    const other = await createTestCompany();
    await enter(other.key, { model: "65", justification: JUSTIFICATION });
    expect((await get(reader.key)).body["65"]).toEqual(inactive("65"));
    expect((await call(getRoute, { path: "/v1/contingency", key: null })).status).toBe(401);
  });
});
