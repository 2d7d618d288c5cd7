import { describe, expect, it } from "vitest";
import { POST as emitRoute } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { GET as getRoute } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as listRoute } from "@/app/v1/fiscal-documents/route";
import { POST as createRoute } from "@/app/v1/fiscal-inutilizations/route";
import { createDraft, createEmittingCompany, emitAndDrain } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { InutilizationRegisteredEventData } from "@/lib/webhooks/schemas";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";

// An authorized inutilization closes the rejected documents that hold its
// numbers (same company, environment, model, series): they become INUTILIZED
// in the same transaction, cannot be emitted, and show it. (A numbered draft,
// waiting for its automatic re-send, still holds its number: such a range is
// refused, assert-range-free.ts.)

const fixture = simulatorFixture();
const JUSTIFICATION = "Numero rejeitado pela SEFAZ e nao reaproveitado";

const inutilize = (company: TestCompany, series: number, startNumber: number, endNumber: number, advanceSeries?: boolean) =>
  call(createRoute, { method: "POST", path: "/v1/fiscal-inutilizations", key: company.key, body: { series, startNumber, endNumber, justification: JUSTIFICATION, advanceSeries } });

async function rejectedDocument(company: TestCompany) {
  const draft = await createDraft(company.companyId);
  fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "reject", cStat: "778", reason: "Informado NCM inexistente" }, times: 1 });
  await emitAndDrain(company.companyId, draft.id);
  const rejected = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
  expect(rejected.status).toBe("REJECTED");
  return rejected;
}

describe("documents whose number is inutilized", () => {
  it("a rejected document becomes INUTILIZED with its inutilization, and emitting it answers 422 document_inutilized", async () => {
    const company = await createEmittingCompany();
    const rejected = await rejectedDocument(company);
    const series = rejected.series!;
    const untouchedDraft = await createDraft(company.companyId);
    // A draft holding a number of the range (as one waiting for a re-send after a communication failure does) is refused.
    const numberedDraft = await createDraft(company.companyId);
    await db.fiscalDocument.update({ where: { id: numberedDraft.id }, data: { series, number: rejected.number + 1 } });
    const held = await inutilize(company, series, rejected.number, rejected.number + 1, true);
    expect([held.status, held.body.code], held.text).toEqual([422, "inutilization_range_in_use"]);

    const res = await inutilize(company, series, rejected.number, rejected.number);
    expect(res.status, res.text).toBe(200);
    const closed = await db.fiscalDocument.findUniqueOrThrow({ where: { id: rejected.id } });
    expect(closed).toMatchObject({ status: "INUTILIZED", inutilizationId: res.body.record.id, number: rejected.number, accessKey: rejected.accessKey });
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: numberedDraft.id } })).status).toBe("DRAFT");
    // A draft without a number holds no number of the range.
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: untouchedDraft.id } })).status).toBe("DRAFT");

    const emit = await call(emitRoute, { method: "POST", path: `/v1/fiscal-documents/${rejected.id}/emit`, params: { id: rejected.id }, key: company.key });
    expect([emit.status, emit.body.code], emit.text).toEqual([422, "document_inutilized"]);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: rejected.id } })).status).toBe("INUTILIZED");

    const detail = await call(getRoute, { path: `/v1/fiscal-documents/${rejected.id}`, params: { id: rejected.id }, key: company.key });
    expect(detail.body).toMatchObject({
      status: "INUTILIZED",
      xmlUrl: null,
      pdfUrl: null,
      inutilization: { id: res.body.record.id, series, startNumber: rejected.number, endNumber: rejected.number, protocol: res.body.protocol, justification: JUSTIFICATION },
    });
    const listed = await call(listRoute, { path: "/v1/fiscal-documents?status=INUTILIZED&environment=ALL", key: company.key });
    expect(listed.body.data.map((d: { id: string }) => d.id)).toContain(rejected.id);
    expect(listed.body.data.every((d: { status: string }) => d.status === "INUTILIZED")).toBe(true);
  });

  it("leaves documents of other series and numbers outside the range alone", async () => {
    const company = await createEmittingCompany();
    const rejected = await rejectedDocument(company);
    const res = await inutilize(company, rejected.series! + 1, rejected.number, rejected.number, true);
    expect(res.status, res.text).toBe(200);
    const beside = await inutilize(company, rejected.series!, rejected.number + 1, rejected.number + 3, true);
    expect(beside.status, beside.text).toBe(200);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: rejected.id } })).status).toBe("REJECTED");
  });

  it("inutilization.registered names the range and the documents it closed, to endpoints that list it; document.inutilized stays for the rest", async () => {
    const company = await createEmittingCompany();
    const endpoint = (events: string[], documentTypes: ("NFE" | "NFCE" | "NFSE")[] = []) =>
      db.webhookEndpoint.create({ data: { companyId: company.companyId, url: `https://erp.example.com/hooks/${events.join("-") || "all"}-${documentTypes.join("-")}`, secret: "s".repeat(32), events, documentTypes } });
    const everything = await endpoint([]);
    const optedIn = await endpoint(["INUTILIZATION_REGISTERED"]);
    const both = await endpoint(["DOCUMENT_INUTILIZED", "INUTILIZATION_REGISTERED"], ["NFE"]);
    const nfceOnly = await endpoint(["INUTILIZATION_REGISTERED"], ["NFCE"]);
    const rejected = await rejectedDocument(company);

    const res = await inutilize(company, rejected.series!, rejected.number, rejected.number + 2, true);
    expect(res.status, res.text).toBe(200);

    const deliveries = await db.webhookDelivery.findMany({ where: { companyId: company.companyId, eventType: { in: ["document.inutilized", "inutilization.registered"] } } });
    const typesOf = (endpointId: string) => deliveries.filter((d) => d.endpointId === endpointId).map((d) => d.eventType).sort();
    expect(typesOf(everything.id)).toEqual(["document.inutilized"]);
    expect(typesOf(optedIn.id)).toEqual(["inutilization.registered"]);
    expect(typesOf(both.id)).toEqual(["document.inutilized", "inutilization.registered"]);
    expect(typesOf(nfceOnly.id)).toEqual([]);

    const registered = deliveries.find((d) => d.endpointId === optedIn.id)!;
    const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: registered.eventId } });
    const payload = JSON.parse(event.payload) as { type: string; data: unknown };
    expect(payload.type).toBe("inutilization.registered");
    const data = InutilizationRegisteredEventData.parse(payload.data);
    expect(data).toEqual({
      inutilizationId: res.body.record.id,
      model: "55",
      series: rejected.series,
      startNumber: rejected.number,
      endNumber: rejected.number + 2,
      year: rejected.accessKey!.slice(2, 4),
      protocol: res.body.protocol,
      inutilizationDate: expect.any(String),
      origin: "MANUAL",
      environment: "HOMOLOGATION",
      inutilizedDocumentIds: [rejected.id],
    });
    expect(res.body.protocol).toMatch(/^\d{15}$/);
  });
});
