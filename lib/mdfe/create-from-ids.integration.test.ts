import { beforeAll, describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { loadSigningCredentials } from "@/lib/certificates/signing-credentials";
import { createCompanySeries, listCompanySeries } from "@/lib/companies/api/company-series";
import { CreateSeriesBody } from "@/lib/companies/api/schemas";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import * as collection from "@/app/v1/transport-manifests/route";
import * as xmlRoute from "@/app/v1/transport-manifests/[id]/xml/route";
import * as closeRoute from "@/app/v1/transport-manifests/[id]/close/route";
import * as cancelDocumentRoute from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { getMdfeAuthority } from "./authority/get-mdfe-authority";
import { dfeKey, mdfeInput } from "./testing/mdfe-inputs";
import { buildSignedMdfe, modalDocument } from "./xml/build-signed-mdfe";

// Issue 55, what was left: POST /v1/transport-manifests takes our own NF-e by id and groups them by
// unloading municipality on the server (recipient's address, or the delivery place), with qNFe,
// vCarga and qCarga from the NF-e as authorized; CT-e keys (model 57) in infMunDescarga with qCTe;
// MDF-e series in /v1/companies/{id}/series. Real emission, signing, schemas and the SVRS simulator.

const fixture = simulatorCompanyFixture();
const S = "mdfe/PL_MDFe_300a/";

const client = (name: string, document: string, city: string, municipalityCode: string, zipCode: string, street: string) => ({
  name, document, street, number: "100", neighborhood: "Centro", city, state: "MG", municipalityCode, zipCode, stateRegistration: "062.307.904/0081", icmsTaxpayer: "CONTRIBUINTE",
});
const BELO_HORIZONTE = client("Atacado Mineiro Ltda", "33000167000101", "Belo Horizonte", "3106200", "30130005", "Avenida Afonso Pena");
const UBERLANDIA = client("Distribuidora Triângulo Ltda", "11444777000161", "Uberlândia", "3170206", "38400100", "Avenida Afonso Pena");
const ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "6102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 12, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };

const key = () => fixture.company.key;
const create = (body: unknown, k = key()) => call(collection.POST, { method: "POST", path: "/v1/transport-manifests", key: k, body });
const xmlOf = async (id: string) => (await call(xmlRoute.GET, { path: `/v1/transport-manifests/${id}/xml`, key: key(), params: { id } })).text;
const close = (id: string) => call(closeRoute.POST, { method: "POST", path: `/v1/transport-manifests/${id}/close`, key: key(), body: {}, params: { id } });

const VEHICLE = { renavam: "12345678901", tareKg: 7500, capacityKg: 14000, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP" };
const DRIVERS = [{ name: "José da Silva", cpf: "529.982.247-25" }];

/** A valid CT-e (model 57) key of a carrier, issued this month. */
function cteKey(number: number): string {
  const now = new Date();
  const yearMonth = String(now.getUTCFullYear()).slice(2) + String(now.getUTCMonth() + 1).padStart(2, "0");
  return dfeKey({ yearMonth, model: "57", number });
}
/** The same key with its check digit changed. */
const wrongDigit = (k: string) => k.slice(0, 43) + String((Number(k.slice(43)) + 1) % 10);

let toBh: { id: string; accessKey: string; totalValue: string };
let toUberlandia: { id: string; accessKey: string; totalValue: string };
let cancelled: { id: string };

beforeAll(async () => {
  const company = fixture.company.companyId;
  const issue = async (recipient: typeof BELO_HORIZONTE, weight: number) => {
    const d = await authorizedDocument(company, { overrides: { client: recipient, items: [ITEM], payments: [{ method: "PIX", value: 1500 }], transport: { freightType: "OWN_SENDER", volumeQuantity: 2, volumeSpecies: "CAIXA", volumeGrossWeight: weight } } });
    return { id: d.id, accessKey: d.accessKey!, totalValue: d.totalValue.toFixed(2) };
  };
  toBh = await issue(BELO_HORIZONTE, 420.5);
  toUberlandia = await issue(UBERLANDIA, 130.25);
  cancelled = await issue(BELO_HORIZONTE, 10);
  const cancel = await call(cancelDocumentRoute.POST, { method: "POST", path: `/v1/fiscal-documents/${cancelled.id}/cancel`, key: key(), body: { justification: "Pedido desfeito pelo cliente antes do envio" }, params: { id: cancelled.id } });
  expect(cancel.status, cancel.text).toBeLessThan(300);
}, 90_000);

describe("POST /v1/transport-manifests from our NF-e ids", () => {
  it("groups two recipients in two municipalities into two infMunDescarga, with qNFe, vCarga and qCarga from the NF-e", async () => {
    const created = await create({ documents: [{ documentId: toBh.id }, { documentId: toUberlandia.id }], vehicle: { ...VEHICLE, plate: "GRP1A23" }, drivers: DRIVERS, product: { description: "Peças usinadas", ncm: "84879000" } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: "AUTHORIZED", startState: "SP", endState: "MG" });
    expect(created.body.documents).toEqual([
      { accessKey: toBh.accessKey, documentId: toBh.id, unloadingMunicipalityCode: "3106200", unloadingMunicipalityName: "Belo Horizonte" },
      { accessKey: toUberlandia.accessKey, documentId: toUberlandia.id, unloadingMunicipalityCode: "3170206", unloadingMunicipalityName: "Uberlândia" },
    ]);
    const xml = await xmlOf(created.body.id);
    expect(checkXmlSchema(xml, `${S}procMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(checkXmlSchema(modalDocument(xml)!, `${S}mdfeModalRodoviario_v3.00.xsd`)).toEqual({ valid: true });
    expect(xml).toContain(
      `<infDoc><infMunDescarga><cMunDescarga>3106200</cMunDescarga><xMunDescarga>Belo Horizonte</xMunDescarga><infNFe><chNFe>${toBh.accessKey}</chNFe></infNFe></infMunDescarga>` +
        `<infMunDescarga><cMunDescarga>3170206</cMunDescarga><xMunDescarga>Uberlândia</xMunDescarga><infNFe><chNFe>${toUberlandia.accessKey}</chNFe></infNFe></infMunDescarga></infDoc>`,
    );
    const vCarga = (Number(toBh.totalValue) * 100 + Number(toUberlandia.totalValue) * 100) / 100;
    expect(xml).toContain(`<tot><qNFe>2</qNFe><vCarga>${vCarga.toFixed(2)}</vCarga><cUnid>01</cUnid><qCarga>550.7500</qCarga></tot>`);
    expect(xml).toContain("<tpEmit>2</tpEmit>");
    expect(verifyXmlSignature(/<MDFe\b[\s\S]*<\/MDFe>/.exec(xml)![0]).valid).toBe(true);
    expect(xmlsecVerify(xml, "infMDFe").ok).toBe(true);
    expect((await close(created.body.id)).body.status).toBe("CLOSED");
  });

  it("keeps the key-based contract: unloading groups given by hand, qCarga in tonnes from the weights", async () => {
    const created = await create({ unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ accessKey: toBh.accessKey }] }], vehicle: { ...VEHICLE, plate: "GRP2B34" }, drivers: DRIVERS, product: { description: "Peças usinadas" }, cargo: { unit: "TON" } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe("AUTHORIZED");
    expect(await xmlOf(created.body.id)).toContain("<cUnid>02</cUnid><qCarga>0.4205</qCarga>");
    expect((await close(created.body.id)).body.status).toBe("CLOSED");
  });

  it("refuses another company's NF-e id, a cancelled NF-e and a request with both documents and unloading", async () => {
    const other = await createTestCompany();
    const foreign = await create({ documents: [{ documentId: toBh.id }], vehicle: { ...VEHICLE, plate: "GRP3C45" }, drivers: DRIVERS, product: { description: "Peças" } }, other.key);
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ code: "invalid_document", message: expect.stringContaining("not a document of this company") });

    const gone = await create({ documents: [{ documentId: cancelled.id }], vehicle: { ...VEHICLE, plate: "GRP3C45" }, drivers: DRIVERS, product: { description: "Peças" } });
    expect(gone.status).toBe(422);
    expect(gone.body).toMatchObject({ code: "invalid_document", message: expect.stringContaining("is CANCELLED") });

    const both = await create({ documents: [{ documentId: toBh.id }], unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ documentId: toBh.id }] }], vehicle: { ...VEHICLE, plate: "GRP3C45" }, drivers: DRIVERS, product: { description: "Peças" } });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe("validation_error");
    expect(await db.transportManifest.count({ where: { companyId: fixture.company.companyId, vehiclePlate: "GRP3C45" } })).toBe(0);
  });
});

describe("CT-e keys (model 57) in infMunDescarga", () => {
  it("lists CT-e under infCTe with qCTe and tpEmit 1; a single CT-e (carga lotação) with its NCM and infPag", async () => {
    const [first, second] = [cteKey(501), cteKey(502)];
    const created = await create({
      unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ cteAccessKey: first }, { cteAccessKey: second }] }],
      vehicle: { ...VEHICLE, plate: "CTE1D56" },
      drivers: DRIVERS,
      rntrc: "12345678",
      product: { description: "Carga geral fracionada" },
      cargo: { quantity: "900", value: "12000.00" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe("AUTHORIZED");
    expect(created.body.documents.map((d: { accessKey: string; documentId: string | null }) => [d.accessKey, d.documentId])).toEqual([[first, null], [second, null]]);
    const xml = await xmlOf(created.body.id);
    expect(checkXmlSchema(xml, `${S}procMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(xml).toContain("<tpEmit>1</tpEmit>");
    expect(xml).toContain(`<xMunDescarga>Belo Horizonte</xMunDescarga><infCTe><chCTe>${first}</chCTe></infCTe><infCTe><chCTe>${second}</chCTe></infCTe></infMunDescarga>`);
    expect(xml).toContain("<tot><qCTe>2</qCTe><vCarga>12000.00</vCarga><cUnid>01</cUnid><qCarga>900.0000</qCarga></tot>");
    expect(xmlsecVerify(xml, "infMDFe").ok).toBe(true);
    expect((await close(created.body.id)).body.status).toBe("CLOSED");

    const payment = { name: "Comércio São João", document: { type: "CNPJ", value: "11.222.333/0001-81" }, components: [{ type: "FREIGHT", value: "1800.00" }], contractValue: "1800.00", method: "CASH", bank: { kind: "PIX", key: "financeiro@sjoao.com.br" } };
    const single = { unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ cteAccessKey: cteKey(503) }] }], vehicle: { ...VEHICLE, plate: "CTE2E67" }, drivers: DRIVERS, product: { description: "Bobinas de aço", ncm: "72085100" }, cargo: { quantity: "24000", value: "98000.00" } };
    const withoutPayment = await create(single);
    expect(withoutPayment.status).toBe(422);
    expect(withoutPayment.body).toMatchObject({ code: "invalid_document", message: expect.stringContaining("carga lotação") });
    const lotacao = await create({ ...single, payments: [payment] });
    expect(lotacao.status, lotacao.text).toBe(201);
    expect(lotacao.body.status).toBe("AUTHORIZED");
    const lotacaoXml = await xmlOf(lotacao.body.id);
    expect(lotacaoXml).toContain("<tot><qCTe>1</qCTe>");
    expect(modalDocument(lotacaoXml)).toContain("<infPag><xNome>Comércio São João</xNome><CNPJ>11222333000181</CNPJ><Comp><tpComp>04</tpComp><vComp>1800.00</vComp></Comp><vContrato>1800.00</vContrato><indPag>0</indPag><infBanc><PIX>financeiro@sjoao.com.br</PIX></infBanc></infPag>");
    expect(checkXmlSchema(modalDocument(lotacaoXml)!, `${S}mdfeModalRodoviario_v3.00.xsd`)).toEqual({ valid: true });
    expect((await close(lotacao.body.id)).body.status).toBe("CLOSED");
  });

  it("refuses a CT-e key with a wrong check digit, an NF-e key given as CT-e, and CT-e mixed with NF-e, before numbering", async () => {
    const body = (documents: unknown[]) => ({ unloading: [{ code: "3106200", name: "Belo Horizonte", documents }], vehicle: { ...VEHICLE, plate: "CTE3F78" }, drivers: DRIVERS, product: { description: "Carga geral" }, cargo: { quantity: "10" } });
    const digit = await create(body([{ cteAccessKey: wrongDigit(cteKey(504)) }, { cteAccessKey: cteKey(505) }]));
    expect(digit.status).toBe(422);
    expect(digit.body).toMatchObject({ code: "invalid_document", message: expect.stringContaining("check digit is wrong") });
    const model = await create(body([{ cteAccessKey: toBh.accessKey }, { cteAccessKey: cteKey(506) }]));
    expect(model.status).toBe(422);
    expect(model.body.message).toContain("model digits are 55, not 57");
    const mixed = await create(body([{ cteAccessKey: cteKey(507) }, { documentId: toBh.id }]));
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toContain("not both");
    expect(await db.transportManifest.count({ where: { companyId: fixture.company.companyId, vehiclePlate: "CTE3F78" } })).toBe(0);
  });

  it("the SVRS simulator refuses a CT-e key with a wrong check digit (601)", async () => {
    const companyId = fixture.company.companyId;
    const company = await db.company.findUniqueOrThrow({ where: { id: companyId } });
    const credentials = await loadSigningCredentials(companyId);
    const input = mdfeInput({ number: 880_001, issuerType: "1", issuer: { ...mdfeInput().issuer, cnpj: company.cnpj }, unloading: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKeys: [], cteKeys: [wrongDigit(cteKey(508)), cteKey(509)] }], rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, plate: "CTE4G89" } } });
    const signed = buildSignedMdfe(input, credentials);
    const answer = await getMdfeAuthority("HOMOLOGATION").authorize({ environment: "HOMOLOGATION", uf: company.state }, signed.xml, { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem });
    expect(answer).toMatchObject({ kind: "refused", cStat: "601", reason: expect.stringContaining("DV inválido") });
  });
});

describe("MDF-e series in /v1/companies/{id}/series", () => {
  it("lists model 58 counters as type MDFE with the next number; refuses inutilization and another default", async () => {
    const companyId = fixture.company.companyId;
    const { data } = await listCompanySeries(companyId);
    const used = await db.transportManifest.aggregate({ where: { companyId, series: 1 }, _max: { number: true } });
    expect(data).toContainEqual({ type: "MDFE", series: 1, environment: "HOMOLOGATION", nextNumber: used._max.number! + 1, isDefault: true, autoInutilize: false });

    const company = await db.company.findUniqueOrThrow({ where: { id: companyId } });
    const added = await createCompanySeries(company, CreateSeriesBody.parse({ type: "MDFE", series: 7, nextNumber: 40 }));
    expect(added).toEqual({ type: "MDFE", series: 7, environment: "HOMOLOGATION", nextNumber: 40, isDefault: false, autoInutilize: false });
    const manifest = await create({ series: 7, documents: [{ documentId: toUberlandia.id }], vehicle: { ...VEHICLE, plate: "SER7H90" }, drivers: DRIVERS, product: { description: "Peças" } });
    expect(manifest.body).toMatchObject({ status: "AUTHORIZED", series: 7, number: 40 });
    expect((await listCompanySeries(companyId)).data).toContainEqual(expect.objectContaining({ type: "MDFE", series: 7, nextNumber: 41 }));
    expect((await close(manifest.body.id)).body.status).toBe("CLOSED");

    expect(CreateSeriesBody.safeParse({ type: "MDFE", series: 7, autoInutilize: true }).success).toBe(false);
    expect(CreateSeriesBody.safeParse({ type: "MDFE", series: 7, default: true }).success).toBe(false);
    expect(CreateSeriesBody.safeParse({ type: "MDFE", series: 1, default: true }).success).toBe(true);
  });
});
