import { describe, expect, it } from "vitest";
import { formFromDocument } from "@/components/dashboard/documents/form/form-from-document";
import { buildCreateBody } from "@/components/dashboard/documents/form/form-state";
import { draftBody, emitAndDrain } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { createTestCompany, db } from "@/test/factories";
import { makeCarrier } from "./testing/fixtures";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { PATCH as dashboardPatch } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/route";
import { GET as detailRoute, PATCH as patchRoute } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as createRoute } from "@/app/v1/fiscal-documents/route";

// Issue 36 item 3: PATCH /v1/fiscal-documents/{id} for DRAFT and REJECTED documents.

process.env.NEXTAUTH_SECRET = "update-document-secret";

const fixture = simulatorCompanyFixture();
const key = () => fixture.company.key;

const create = async (body: Record<string, unknown> = draftBody()) => {
  const res = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: key(), body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
};
const patch = (id: string, body: unknown, apiKey = key()) => call(patchRoute, { method: "PATCH", path: `/v1/fiscal-documents/${id}`, key: apiKey, body, params: { id } });
const detail = (id: string) => call(detailRoute, { path: `/v1/fiscal-documents/${id}`, key: key(), params: { id } });

const [sampleItem] = draftBody().items;
const edited = () =>
  draftBody({ items: [{ ...sampleItem, code: "SKU-2", description: "Cadeira de escritório", quantity: 3, unitValue: 150, ncm: "94013000" }], payments: [{ method: "PIX", value: 450 }], additionalInfo: "Pedido 123" });

/** A draft the simulator rejects once (778): REJECTED with its number and key. */
async function rejectedDocument() {
  const { companyId, cnpj } = fixture.company;
  const draft = await create();
  fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj, action: { kind: "reject", cStat: "778", reason: "Informado NCM inexistente" }, times: 1 });
  await emitAndDrain(companyId, draft.id);
  return { draft, rejected: await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } }) };
}

describe("PATCH /v1/fiscal-documents/{id}", () => {
  it("a rejected document is edited, keeps its number, series and key, and is then AUTHORIZED with the new content", async () => {
    const { draft, rejected } = await rejectedDocument();
    expect(rejected.status).toBe("REJECTED");
    expect(rejected.number).toBeGreaterThan(0);

    const res = await patch(draft.id, edited());
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: draft.id, status: "REJECTED", number: rejected.number, series: rejected.series, accessKey: rejected.accessKey, totalValue: "450.00" });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, include: { items: true, payments: true } });
    expect(stored.items.map((i) => [i.code, i.ncm, i.quantity.toString(), i.grossValue.toString()])).toEqual([["SKU-2", "94013000", "3", "450"]]);
    expect(stored.payments.map((p) => [p.method, p.value.toString()])).toEqual([["PIX", "450"]]);
    expect(stored.additionalInfo).toBe("Pedido 123");
    expect(stored.issueDateTime.toISOString()).toBe(rejected.issueDateTime.toISOString());
    expect(stored.signedXml).toBeNull();

    await emitAndDrain(fixture.company.companyId, draft.id);
    const authorized = (await detail(draft.id)).body;
    expect(authorized.status).toBe("AUTHORIZED");
    expect([authorized.number, authorized.series, authorized.accessKey]).toEqual([rejected.number, rejected.series, rejected.accessKey]);
    const xml = (await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).authorizedXml!;
    expect(xml).toContain("<xProd>Cadeira de escritório</xProd>");
    expect(xml).toContain("<NCM>94013000</NCM>");
    expect(xml).toContain("<vNF>450.00</vNF>");
  });

  it("edits a draft through the dashboard too, recomputing the taxes", async () => {
    const draft = await create();
    const cookie = await signedInCookie(fixture.company.tenantId, "ACCOUNTANT");
    const res = await call(dashboardPatch, { method: "PATCH", path: "/", headers: cookie, body: edited(), params: { companyId: fixture.company.companyId, documentId: draft.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: draft.id, status: "DRAFT", number: 0, totalValue: "450.00" });
    const item = (await detail(draft.id)).body.items[0];
    expect(item.grossValue).toBe("450.00");
    expect(item.icms.amount).toBe("81.00");
  });

  it("the dashboard's edit form, prefilled from the document and saved unchanged, leaves the document as it was", async () => {
    const carrier = await makeCarrier(fixture.company.companyId, [{ plate: "ABC1D23", state: "SP", isDefault: true }]);
    const draft = await create(draftBody({
      additionalInfo: "Entregar pela manhã",
      transport: { freightType: "SENDER", carrierId: carrier.id, vehiclePlate: null, volumeQuantity: 2, volumeGrossWeight: 10.5 },
      duplicates: [{ dueDate: "2099-01-10", value: 40 }, { dueDate: "2099-02-10", value: 60 }],
      payments: [{ method: "BANK_SLIP", value: 100 }],
    }));
    const before = (await detail(draft.id)).body;
    const body = buildCreateBody(formFromDocument(before), false);
    const res = await patch(draft.id, body);
    expect(res.status, res.text).toBe(200);
    const after = (await detail(draft.id)).body;
    const content = (d: typeof before) => ({
      items: d.items.map(({ id: _id, ...item }: { id: string }) => item), payments: d.payments, duplicates: d.duplicates, transport: d.transport,
      taxTotals: d.taxTotals, totalValue: d.totalValue, client: d.client, additionalInfo: d.additionalInfo, operationNature: d.operationNature, purpose: d.purpose,
    });
    expect(content(after)).toEqual(content(before));
    expect(after.transport.vehiclePlate).toBeNull();
  });

  it("validates the body as create does: 400 validation_error, 422 with the create codes, and nothing changes", async () => {
    const draft = await create();
    const before = await db.fiscalDocumentItem.findMany({ where: { documentId: draft.id } });
    const missing = await patch(draft.id, { ...edited(), items: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("validation_error");
    const wrongCfop = await patch(draft.id, draftBody({ items: [{ code: "A", description: "B", quantity: 1, unitValue: 1, cfop: "51" }] }));
    expect(wrongCfop.status).toBe(422);
    expect(wrongCfop.body.code).toBe("invalid_cfop");
    const otherClient = await patch(draft.id, { ...edited(), client: undefined, clientId: "not-a-client" });
    expect(otherClient.body.code).toBe("invalid_client");
    const emit = await patch(draft.id, { ...edited(), emit: true });
    expect(emit.status).toBe(400);
    expect(emit.body.message).toContain("body.emit");
    const type = await patch(draft.id, { ...edited(), type: "NFCE" });
    expect(type.status).toBe(400);
    expect(type.body.message).toContain("body.type");
    expect(await db.fiscalDocumentItem.findMany({ where: { documentId: draft.id } })).toEqual(before);
  });

  it("answers 422 document_not_editable for PROCESSING, AUTHORIZED and CANCELLED documents, 404 for another company's", async () => {
    const draft = await create();
    for (const status of ["PROCESSING", "AUTHORIZED", "CANCELLED"] as const) {
      await db.fiscalDocument.update({ where: { id: draft.id }, data: { status } });
      const res = await patch(draft.id, edited());
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("document_not_editable");
      expect(res.body.message).toContain(status);
    }
    const other = await createTestCompany();
    await db.fiscalDocument.update({ where: { id: draft.id }, data: { status: "DRAFT" } });
    expect((await patch(draft.id, edited(), other.key)).status).toBe(404);
  });

  it("a numbered document cannot move its issue date out of the month of its access key", async () => {
    const { draft, rejected } = await rejectedDocument();
    const nextMonth = new Date(rejected.issueDateTime.getTime() + 40 * 86_400_000).toISOString();
    const res = await patch(draft.id, { ...edited(), issueDateTime: nextMonth });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("body.issueDateTime");
  });
});
