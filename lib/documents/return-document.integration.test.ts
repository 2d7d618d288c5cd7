import { describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { draftBody, emitAndDrain } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { GET as detailRoute } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as createRoute } from "@/app/v1/fiscal-documents/route";
import { makeProduct, makeTemplate } from "./testing/fixtures";

// Issue 36 item 5: purpose (finNFe 1-4) and referencedDocuments; a return
// template's CFOP wins over the product's sale CFOP; SEFAZ 321/327/328/871 at creation.

const fixture = simulatorCompanyFixture();
const create = (body: Record<string, unknown>) => call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: fixture.company.key, body });

async function returnSetup() {
  const { companyId } = fixture.company;
  const sold = await authorizedDocument(companyId);
  const product = await makeProduct(companyId, { internalCfop: "5102", interstateContributorCfop: "6102", interstateNonContributorCfop: "6108", ncm: "21011110" });
  const template = await makeTemplate({ source: "COMPANY", companyId, name: "Devolução de mercadoria", cfop: "5202", operationNature: "Devolução de compra para comercialização" });
  const [sample] = draftBody().items;
  // The line sends no CFOP: the template's or the product's applies.
  const item = { ...sample!, productId: product.id, cfop: undefined };
  return { companyId, soldKey: sold.accessKey!, templateId: template.id, item };
}

describe("returns (devolução) and references", () => {
  it("a return from the return template takes its CFOP over the product's sale CFOP, references the returned NF-e and is AUTHORIZED with finNFe 4", async () => {
    const { companyId, soldKey, templateId, item } = await returnSetup();
    const res = await create(draftBody({ templateId, items: [item], payments: undefined, referencedDocuments: [{ accessKey: soldKey }] }));
    expect(res.status, res.text).toBe(201);
    const detail = (await call(detailRoute, { path: "/", key: fixture.company.key, params: { id: res.body.id } })).body;
    expect(detail.purpose).toBe("RETURN");
    expect(detail.referencedDocuments).toEqual([{ accessKey: soldKey }]);
    expect(detail.items.map((i: { cfop: string; taxSources: Record<string, string> }) => [i.cfop, i.taxSources.cfop])).toEqual([["5202", "template"]]);
    expect(detail.payments.map((p: { method: string }) => p.method)).toEqual(["NO_PAYMENT"]);

    await emitAndDrain(companyId, res.body.id);
    const emitted = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(emitted.status, emitted.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(emitted.authorizedXml).toContain("<finNFe>4</finNFe>");
    expect(emitted.authorizedXml).toContain(`<NFref><refNFe>${soldKey}</refNFe></NFref>`);
    expect(emitted.authorizedXml).toContain("<CFOP>5202</CFOP>");
    expect(emitted.authorizedXml).toContain("<tPag>90</tPag>");
  });

  it("a return names the returned NF-e or NFC-e, with a valid key (SEFAZ 321, 547, 680), unless its CFOPs are exempted", async () => {
    const { soldKey, templateId, item } = await returnSetup();
    const withoutReference = await create(draftBody({ templateId, items: [item], payments: undefined }));
    expect(withoutReference.status).toBe(400);
    expect(withoutReference.body.message).toMatch(/body\.referencedDocuments: .*321/);
    const explicit = await create(draftBody({ purpose: "RETURN", items: [{ ...item, cfop: "5202" }], payments: undefined }));
    expect(explicit.status).toBe(400);
    // With its reference, a return without a template is named as one, not by the company's sale natOp.
    const named = await create(draftBody({ purpose: "RETURN", items: [{ ...item, cfop: "5202" }], payments: undefined, referencedDocuments: [{ accessKey: soldKey }] }));
    expect(named.status, named.text).toBe(201);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: named.body.id } })).operationNature).toBe("DEVOLUÇÃO DE MERCADORIA");
    expect(explicit.body.message).toContain("321");
    const badDigit = `${soldKey.slice(0, 43)}${(Number(soldKey[43]) + 1) % 10}`;
    const wrongDigit = await create(draftBody({ templateId, items: [item], payments: undefined, referencedDocuments: [{ accessKey: badDigit }] }));
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body.message).toContain("547");
    const twice = await create(draftBody({ templateId, items: [item], payments: undefined, referencedDocuments: [{ accessKey: soldKey }, { accessKey: soldKey }] }));
    expect(twice.body.message).toContain("680");
    // MOC B25-70: a return of a sale under 1202 (a consumer's return) may reference nothing.
    const exempted = await create(draftBody({ purpose: "RETURN", items: [{ ...item, cfop: "1202" }], payments: undefined }));
    expect(exempted.status, exempted.text).toBe(201);
    // An entry NF-e (tpNF 0), authorized.
    await emitAndDrain(fixture.company.companyId, exempted.body.id);
    const entry = await db.fiscalDocument.findUniqueOrThrow({ where: { id: exempted.body.id } });
    expect(entry.status, entry.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(entry.authorizedXml).toContain("<tpNF>0</tpNF>");
    const mixed = await create(draftBody({ purpose: "RETURN", items: [{ ...item, cfop: "1202" }, { ...item, code: "B", cfop: "5202" }], payments: undefined, referencedDocuments: [{ accessKey: soldKey }] }));
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toMatch(/^items\.1\.cfop: CFOP 5202 .*519/);
  });

  it("refuses a return with a sale CFOP (327), a return CFOP on a normal NF-e (328) and a charged return (871)", async () => {
    const { soldKey, item } = await returnSetup();
    const saleCfop = await create(draftBody({ purpose: "RETURN", items: [{ ...item, cfop: "5102" }], payments: undefined, referencedDocuments: [{ accessKey: soldKey }] }));
    expect(saleCfop.status).toBe(422);
    expect(saleCfop.body.code).toBe("invalid_cfop");
    expect(saleCfop.body.message).toMatch(/^items\.0\.cfop: CFOP 5102 is not a return CFOP.*327/);
    const fromProduct = await create(draftBody({ purpose: "RETURN", items: [item], payments: undefined, referencedDocuments: [{ accessKey: soldKey }] }));
    expect(fromProduct.status).toBe(422);
    expect(fromProduct.body.message).toContain("327");
    const normal = await create(draftBody({ items: [{ ...item, cfop: "5202" }] }));
    expect(normal.status).toBe(422);
    expect(normal.body.message).toMatch(/^items\.0\.cfop: CFOP 5202 is a return CFOP.*328/);
    const charged = await create(draftBody({ purpose: "RETURN", items: [{ ...item, cfop: "5202" }], referencedDocuments: [{ accessKey: soldKey }] }));
    expect(charged.status).toBe(400);
    expect(charged.body.message).toContain("871");
    const nfce = await create(draftBody({ type: "NFCE", purpose: "RETURN", items: [{ ...item, cfop: "5202" }], referencedDocuments: [{ accessKey: soldKey }] }));
    expect(nfce.status).toBe(400);
    expect(nfce.body.message).toContain("715");
  });
});
