import { describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/nfe";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { GET as getRoute } from "@/app/v1/fiscal-inutilizations/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/v1/fiscal-inutilizations/route";

const fixture = simulatorCompanyFixture();

const JUSTIFICATION = "Numeracao pulada por falha no sistema emissor";
const create = (body: unknown, key = fixture.company.key) => call(createRoute, { method: "POST", path: "/v1/fiscal-inutilizations", key, body });
const list = (query = "", key = fixture.company.key) => call(listRoute, { path: `/v1/fiscal-inutilizations${query}`, key });
const get = (id: string, key = fixture.company.key) => call(getRoute, { path: `/v1/fiscal-inutilizations/${id}`, key, params: { id } });

describe("POST /v1/fiscal-inutilizations", () => {
  it("voids a range synchronously: protocol, AUTHORIZED record, procInutNFe and document.inutilized", async () => {
    const res = await create({ series: 7, startNumber: 10, endNumber: 12, justification: JUSTIFICATION, advanceSeries: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, protocol: expect.stringMatching(/^\d{15}$/), record: { id: expect.any(String), status: "AUTHORIZED" } });

    const detail = await get(res.body.record.id);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: res.body.record.id,
      series: 7,
      model: "55",
      startNumber: 10,
      endNumber: 12,
      year: String(new Date().getFullYear()).slice(-2),
      status: "AUTHORIZED",
      protocol: res.body.protocol,
      justification: JUSTIFICATION,
      inutilizationDate: expect.any(String),
      createdAt: expect.any(String),
    });
    const row = await db.inutilization.findUniqueOrThrow({ where: { id: res.body.record.id } });
    expect(checkXmlSchema(row.responseXml!, "nfe/procInutNFe_v4.00.xsd")).toEqual({ valid: true });
    // The spec's document.inutilized, and inutilization.registered for endpoints that subscribe to it (issue 56).
    const outcomes = await db.domainEvent.findMany({ where: { inutilizationId: row.id }, orderBy: { type: "asc" } });
    expect(outcomes.map((o) => o.type)).toEqual(["document.inutilized", "inutilization.registered"]);
    expect(outcomes[0]?.data).toMatchObject({ series: 7, startNumber: 10, endNumber: 12 });
    expect(outcomes[1]?.data).toMatchObject({ series: 7, startNumber: 10, endNumber: 12, origin: "MANUAL" });
  });

  it("declares an NFC-e (model 65) range", async () => {
    const res = await create({ series: 3, startNumber: 5, endNumber: 5, justification: JUSTIFICATION, model: "65", advanceSeries: true });
    expect(res.status, res.text).toBe(200);
    expect((await get(res.body.record.id)).body).toMatchObject({ model: "65", startNumber: 5, endNumber: 5 });
  });

  it("validates series, range, justification and model with 400 validation_error", async () => {
    const bad = [
      { series: -1, startNumber: 1, endNumber: 1, justification: JUSTIFICATION },
      { series: 1, startNumber: 0, endNumber: 1, justification: JUSTIFICATION },
      { series: 1, startNumber: 5, endNumber: 4, justification: JUSTIFICATION },
      { series: 1, startNumber: 1, endNumber: 2, justification: "curta demais" },
      { series: 1, startNumber: 1, endNumber: 2, justification: JUSTIFICATION, model: "57" },
      { series: 1, startNumber: 1, endNumber: 2, justification: JUSTIFICATION, model: 55 },
      { series: 1.5, startNumber: 1, endNumber: 2, justification: JUSTIFICATION },
    ];
    for (const body of bad) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    expect(await db.inutilization.count({ where: { companyId: fixture.company.companyId, series: 1 } })).toBe(0);
  });

  it("refuses ranges with numbers of authorized or cancelled documents, or already voided (422 inutilization_range_in_use)", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const series = document.series!;
    const inUse = await create({ series, startNumber: document.number, endNumber: document.number + 5, justification: JUSTIFICATION });
    expect(inUse.status).toBe(422);
    expect(inUse.body.code).toBe("inutilization_range_in_use");
    expect(inUse.body.message).toContain(String(document.number));
    await db.fiscalDocument.update({ where: { id: document.id }, data: { status: "CANCELLED" } });
    expect((await create({ series, startNumber: 1, endNumber: document.number, justification: JUSTIFICATION })).body.code).toBe("inutilization_range_in_use");

    const voided = await create({ series: 8, startNumber: 100, endNumber: 110, justification: JUSTIFICATION, advanceSeries: true });
    expect(voided.status).toBe(200);
    const overlap = await create({ series: 8, startNumber: 110, endNumber: 120, justification: JUSTIFICATION });
    expect(overlap.status).toBe(422);
    expect(overlap.body.code).toBe("inutilization_range_in_use");
    // The same numbers in another series are free.
    expect((await create({ series: 9, startNumber: 100, endNumber: 110, justification: JUSTIFICATION, advanceSeries: true })).status).toBe(200);
  });

  it("refuses numbers the series has not handed out (422 naming the next number) unless advanceSeries moves the series past them", async () => {
    const company = await createEmittingCompany();
    const key = { companyId: company.companyId, model: 55, series: 40, environment: "HOMOLOGATION" as const };
    await db.numberingSeries.create({ data: { ...key, nextNumber: 11 } });
    const ahead = await create({ series: 40, startNumber: 10, endNumber: 12, justification: JUSTIFICATION }, company.key);
    expect(ahead.status).toBe(422);
    expect(ahead.body.code).toBe("inutilization_range_not_issued");
    expect(ahead.body.message).toContain("its next number is 11");
    expect(await db.inutilization.count({ where: { companyId: company.companyId, series: 40 } })).toBe(0);
    // Below the next number: a number the series handed out and nothing holds.
    expect((await create({ series: 40, startNumber: 9, endNumber: 10, justification: JUSTIFICATION }, company.key)).status).toBe(200);
    const advanced = await create({ series: 40, startNumber: 11, endNumber: 15, justification: JUSTIFICATION, advanceSeries: true }, company.key);
    expect(advanced.status, advanced.text).toBe(200);
    expect((await db.numberingSeries.findUniqueOrThrow({ where: { companyId_model_series_environment: key } })).nextNumber).toBe(16);
  });

  it("refuses numbers held by a document waiting for its re-send or possibly authorized upstream; a final refusal frees the number", async () => {
    const company = await createEmittingCompany();
    const series = 41;
    await db.numberingSeries.create({ data: { companyId: company.companyId, model: 55, series, environment: "HOMOLOGATION", nextNumber: 10 } });
    const source = await db.fiscalDocument.findUniqueOrThrow({ where: { id: (await authorizedDocument(company.companyId)).id } });
    const withNumber = (number: number, data: { status: "DRAFT" | "REJECTED"; rejectionCode?: string; emissionAttempts: number; processingReason?: string }) =>
      db.fiscalDocument.create({
        data: {
          companyId: company.companyId, type: "NFE", environment: "HOMOLOGATION", series, number, clientSnapshot: source.clientSnapshot as object, operationNature: "VENDA",
          issueDateTime: new Date(), productsTotal: "10.00", totalValue: "10.00", taxTotals: {}, ...data,
        },
      });
    await withNumber(2, { status: "DRAFT", emissionAttempts: 1, processingReason: "No answer within 3000 ms" });
    await withNumber(3, { status: "REJECTED", rejectionCode: "communication_failure", emissionAttempts: 5 });
    await withNumber(4, { status: "REJECTED", rejectionCode: "778", emissionAttempts: 1 });
    const confirmed = await withNumber(5, { status: "REJECTED", rejectionCode: "communication_failure", emissionAttempts: 5 });
    await db.documentEvent.create({ data: { documentId: confirmed.id, companyId: company.companyId, kind: "REJECTION", outcome: "REJECTED", cStat: "communication_failure", details: { attempts: 5, absentAtAuthority: true } } });

    const waiting = await create({ series, startNumber: 2, endNumber: 2, justification: JUSTIFICATION }, company.key);
    expect(waiting.status).toBe(422);
    expect(waiting.body).toMatchObject({ code: "inutilization_range_in_use", message: expect.stringContaining("2 (DRAFT: waiting for its automatic re-send)") });
    const uncertain = await create({ series, startNumber: 3, endNumber: 3, justification: JUSTIFICATION }, company.key);
    expect(uncertain.status).toBe(422);
    expect(uncertain.body.message).toContain("3 (REJECTED: may be authorized at the authority");
    expect((await create({ series, startNumber: 4, endNumber: 5, justification: JUSTIFICATION }, company.key)).status).toBe(200);
  });

  it("keeps a REJECTED record and answers 422 authority_rejected when the authority refuses", async () => {
    fixture.simulator.faults.add({ service: "NFeInutilizacao4", cnpj: fixture.company.cnpj, action: { kind: "reject", cStat: "252", reason: "Rejeicao: Ambiente informado diverge do Ambiente de recebimento" }, times: 1 });
    const res = await create({ series: 20, startNumber: 1, endNumber: 3, justification: JUSTIFICATION, advanceSeries: true });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("authority_rejected");
    expect(res.body.message).toMatch(/^252 - Rejeicao: Ambiente informado diverge/);
    const row = await db.inutilization.findFirstOrThrow({ where: { companyId: fixture.company.companyId, series: 20 } });
    expect(row).toMatchObject({ status: "REJECTED", cStat: "252", protocol: null });
    expect(await db.domainEvent.count({ where: { inutilizationId: row.id } })).toBe(0);
  });

  it("keeps the record PENDING on a lost answer (503) and completes it when the range is sent again", async () => {
    fixture.simulator.faults.add({ service: "NFeInutilizacao4", cnpj: fixture.company.cnpj, action: { kind: "delay", ms: 3_000 }, times: 1 });
    const lost = await create({ series: 21, startNumber: 1, endNumber: 2, justification: JUSTIFICATION, advanceSeries: true });
    expect(lost.status).toBe(503);
    expect(lost.body.code).toBe("authority_unavailable");
    const pending = await db.inutilization.findFirstOrThrow({ where: { companyId: fixture.company.companyId, series: 21 } });
    expect(pending.status).toBe("PENDING");
    // The authority did register it; the retry is answered 563 (same range) and completes the same record.
    const retry = await create({ series: 21, startNumber: 1, endNumber: 2, justification: JUSTIFICATION, advanceSeries: true });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.record).toEqual({ id: pending.id, status: "AUTHORIZED" });
    expect(await db.inutilization.count({ where: { companyId: fixture.company.companyId, series: 21 } })).toBe(1);
    expect(await db.domainEvent.count({ where: { inutilizationId: pending.id, type: "document.inutilized" } })).toBe(1);
  });

  it("a 656 pauses the company's calls to the authorizer for the hour: 503 with Retry-After, and no call meanwhile", async () => {
    const company = await createEmittingCompany();
    fixture.simulator.faults.add({ service: "NFeInutilizacao4", cnpj: company.cnpj, action: { kind: "reject", cStat: "656", reason: "Rejeição: Consumo Indevido" }, times: 1 });
    const body = { series: 50, startNumber: 1, endNumber: 1, justification: JUSTIFICATION, advanceSeries: true };
    const blocked = await create(body, company.key);
    expect(blocked.status).toBe(503);
    expect(blocked.body.message).toMatch(/^656 - SEFAZ bloqueou consultas por consumo indevido até \d{2}:\d{2}/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3500);
    // Inside the hour nothing is sent (the simulator would authorize it now).
    const again = await create(body, company.key);
    expect(again.status).toBe(503);
    expect((await db.inutilization.findFirstOrThrow({ where: { companyId: company.companyId, series: 50 } })).status).toBe("PENDING");
    await db.authorityPause.updateMany({ where: { companyId: company.companyId }, data: { until: new Date(Date.now() - 1000) } });
    expect((await create(body, company.key)).status).toBe(200);
  });

  it("needs inutilizations:write and a certificate", async () => {
    const reader = await createTestCompany({ scopes: ["inutilizations:read"] });
    const forbidden = await create({ series: 1, startNumber: 1, endNumber: 1, justification: JUSTIFICATION }, reader.key);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("insufficient_scope");
    const withoutCertificate = await createTestCompany();
    const res = await create({ series: 1, startNumber: 1, endNumber: 1, justification: JUSTIFICATION }, withoutCertificate.key);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("certificate_missing");
    expect(await db.inutilization.count({ where: { companyId: withoutCertificate.companyId } })).toBe(0);
  });
});

describe("GET /v1/fiscal-inutilizations", () => {
  it("lists the company's records newest first with the pagination envelope", async () => {
    const own = await createEmittingCompany();
    for (const series of [30, 31, 32]) expect((await create({ series, startNumber: 1, endNumber: 1, justification: JUSTIFICATION, advanceSeries: true }, own.key)).status).toBe(200);
    const page = await list("?pageSize=2", own.key);
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(page.body.data.map((r: any) => r.series)).toEqual([32, 31]);
    expect((await list("?pageSize=2&page=2", own.key)).body.data.map((r: any) => r.series)).toEqual([30]);
    expect((await list("?pageSize=101", own.key)).status).toBe(400);

    const other = await createTestCompany({ scopes: ["inutilizations:read"] });
    expect((await list("", other.key)).body.meta.total).toBe(0);
    expect((await get(page.body.data[0].id, other.key)).status).toBe(404);
    const noScope = await createTestCompany({ scopes: ["documents:read"] });
    expect((await list("", noScope.key)).status).toBe(403);
  });
});
