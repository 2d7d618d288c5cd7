import { describe, expect, it, beforeAll } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import * as collection from "@/app/v1/transport-manifests/route";
import * as openRoute from "@/app/v1/transport-manifests/open/route";
import * as member from "@/app/v1/transport-manifests/[id]/route";
import * as xmlRoute from "@/app/v1/transport-manifests/[id]/xml/route";
import * as damdfeRoute from "@/app/v1/transport-manifests/[id]/damdfe/route";
import { decodePdfBarcodes } from "@/test/barcodes";
import * as emitRoute from "@/app/v1/transport-manifests/[id]/emit/route";
import * as closeRoute from "@/app/v1/transport-manifests/[id]/close/route";
import * as cancelRoute from "@/app/v1/transport-manifests/[id]/cancel/route";
import * as driversRoute from "@/app/v1/transport-manifests/[id]/drivers/route";
import * as documentsRoute from "@/app/v1/transport-manifests/[id]/documents/route";
import * as paymentsRoute from "@/app/v1/transport-manifests/[id]/payments/route";
import * as carriersRoute from "@/app/v1/carriers/route";
import * as exportsRoute from "@/app/v1/exports/route";
import { buildExport } from "@/lib/exports/build-export";
import { exportFilePath } from "@/lib/exports/config";
import { brazilParts } from "@/lib/exports/period";
import { readZipFileEntries } from "@/lib/exports/testing/read-zip";
import * as vehiclesRoute from "@/app/v1/carriers/[id]/vehicles/route";
import { loadSigningCredentials } from "@/lib/certificates/signing-credentials";
import { getMdfeAuthority, mdfeSimulator } from "./authority/get-mdfe-authority";
import { PrismaMdfeSimulatorStore } from "./authority/simulator-store";
import { mdfeInput, ownNfeKey } from "./testing/mdfe-inputs";
import { buildSignedMdfe } from "./xml/build-signed-mdfe";
import { buildSignedMdfeEvent } from "./xml/build-event";
import { modalDocument } from "./xml/build-signed-mdfe";

// Issue 55, "Done when": an SP company issues two NF-e to a client in MG, manifests them with its own
// vehicle and driver, AUTHORIZED; a second driver is added; the manifest is closed in MG; a second
// manifest for the same vehicle and route while the first is open is refused as the SVRS refuses it
// (611); a cancelled one; the XMLs validate against the official schemas and verify with xmlsec1.

const fixture = simulatorCompanyFixture();
const S = "mdfe/PL_MDFe_300a/";

const MG_CLIENT = {
  name: "Atacado Mineiro Ltda",
  document: "33000167000101",
  street: "Avenida Afonso Pena",
  number: "1500",
  neighborhood: "Centro",
  city: "Belo Horizonte",
  state: "MG",
  municipalityCode: "3106200",
  zipCode: "30130005",
  stateRegistration: "062.307.904/0081",
  icmsTaxpayer: "CONTRIBUINTE",
};
const INTERSTATE_ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "6102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 12, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };

const key = () => fixture.company.key;
const post = (handler: typeof closeRoute.POST, path: string, id: string, body?: unknown) => call(handler, { method: "POST", path: `/v1/transport-manifests/${id}/${path}`, key: key(), body, params: { id } });
const create = (body: unknown, k = key()) => call(collection.POST, { method: "POST", path: "/v1/transport-manifests", key: k, body });
const get = (id: string) => call(member.GET, { path: `/v1/transport-manifests/${id}`, key: key(), params: { id } });

function manifestBody(documents: unknown[], plate = "ABC1D23") {
  return {
    unloading: [{ code: "3106200", name: "Belo Horizonte", documents }],
    vehicle: { plate, renavam: "12345678901", tareKg: 7500, capacityKg: 14000, capacityM3: 60, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP" },
    drivers: [{ name: "José da Silva", cpf: "529.982.247-25" }],
    product: { cargoType: "05", description: "Peças usinadas", ncm: "84879000" },
    cargo: { unit: "KG", quantity: "1250.5" },
  };
}

/** The traction vehicle of a TAC agregado (prop tpProp 0): the only manifests the payment event 110116 is registered for (723). */
const TAC_OWNER = { document: { type: "CPF", value: "111.444.777-35" }, rntrc: "87654321", name: "João Caminhoneiro", stateRegistration: "ISENTO", state: "SP", ownerType: "TAC_AGGREGATED" };

/** Carregamento posterior: loaded and unloaded in the company's municipality (São Paulo), documents added on the way. */
function loadingLaterBody(plate: string) {
  const { unloading: _none, cargo: _cargo, ...rest } = manifestBody([], plate);
  return { ...rest, loadingLater: true };
}

let nfe: { id: string; accessKey: string }[] = [];
/** NF-e to a client in Campinas (SP), loaded on the way of a manifest loaded later within SP. */
const spNfe: { id: string; accessKey: string }[] = [];

beforeAll(async () => {
  const company = fixture.company.companyId;
  const documents = [];
  for (let i = 0; i < 2; i++) documents.push(await authorizedDocument(company, { overrides: { client: MG_CLIENT, items: [INTERSTATE_ITEM], payments: [{ method: "PIX", value: 1500 }] } }));
  nfe = documents.map((d) => ({ id: d.id, accessKey: d.accessKey! }));
  for (let i = 0; i < 2; i++) spNfe.push(await authorizedDocument(company).then((d) => ({ id: d.id, accessKey: d.accessKey! })));
}, 60_000);

describe("/v1/transport-manifests against the SVRS simulator", () => {
  it("issues, adds a driver, refuses a second open manifest for the vehicle (611), closes in MG; the XMLs validate and verify", async () => {
    const created = await create(manifestBody([{ documentId: nfe[0]!.id }, { accessKey: nfe[1]!.accessKey }]));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: "AUTHORIZED", model: "58", series: 1, startState: "SP", endState: "MG", vehiclePlate: "ABC1D23", protocol: expect.stringMatching(/^\d{15}$/) });
    expect(created.body.accessKey.slice(20, 22)).toBe("58");
    expect(created.body.documents.map((d: { accessKey: string }) => d.accessKey)).toEqual(nfe.map((d) => d.accessKey));
    const id = created.body.id as string;

    const xml = await call(xmlRoute.GET, { path: `/v1/transport-manifests/${id}/xml`, key: key(), params: { id } });
    expect(xml.status).toBe(200);
    expect(checkXmlSchema(xml.text, `${S}procMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(checkXmlSchema(modalDocument(xml.text)!, `${S}mdfeModalRodoviario_v3.00.xsd`)).toEqual({ valid: true });
    expect(xml.text).toContain("<tot><qNFe>2</qNFe><vCarga>3000.00</vCarga><cUnid>01</cUnid><qCarga>1250.5000</qCarga></tot>");
    const signed = /<MDFe\b[\s\S]*<\/MDFe>/.exec(xml.text)![0];
    expect(verifyXmlSignature(signed).valid).toBe(true);
    expect(xmlsecVerify(xml.text, "infMDFe").ok).toBe(true);

    // The DAMDFE read back by a scanner (zbarimg): the QR-Code is qrCodMDFe, the barcode the key.
    const pdf = await damdfeRoute.GET(new Request(`http://localhost/v1/transport-manifests/${id}/damdfe`, { headers: { authorization: `Bearer ${key()}` } }), { params: Promise.resolve({ id }) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const symbols = decodePdfBarcodes(Buffer.from(await pdf.arrayBuffer()));
    expect(symbols).toEqual(expect.arrayContaining([{ type: "QR-Code", data: created.body.qrCode }, { type: "CODE-128", data: created.body.accessKey }]));

    const driver = await post(driversRoute.POST, "drivers", id, { name: "Maria Souza", cpf: "111.444.777-35" });
    expect(driver.status, driver.text).toBe(200);
    expect(driver.body.drivers).toEqual([{ name: "José da Silva", cpf: "52998224725" }, { name: "Maria Souza", cpf: "11144477735" }]);
    expect(driver.body.events).toMatchObject([{ type: "DRIVER_ADDED", eventCode: "110114", sequence: 1, status: "REGISTERED", cStat: "135" }]);
    expect((await post(driversRoute.POST, "drivers", id, { name: "Maria Souza", cpf: "11144477735" })).body.code).toBe("driver_already_listed");

    const second = await create(manifestBody([{ documentId: nfe[0]!.id }]));
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ status: "REJECTED", rejectionCode: "611" });
    expect(second.body.rejectionReason).toContain(created.body.accessKey);

    const open = await call(openRoute.GET, { path: "/v1/transport-manifests/open", key: key() });
    expect(open.body.data.map((m: { id: string }) => m.id)).toContain(id);

    const closed = await post(closeRoute.POST, "close", id, { municipalityCode: "3106200", closedOn: "2026-12-08" });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ status: "CLOSED", closedOn: "2026-12-08" });
    const closing = await db.transportManifestEvent.findFirstOrThrow({ where: { manifestId: id, eventCode: "110112" } });
    expect(closing.requestXml).toContain("<dtEnc>2026-12-08</dtEnc><cUF>31</cUF><cMun>3106200</cMun>");
    expect(checkXmlSchema(closing.responseXml!, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(xmlsecVerify(closing.requestXml, "infEvento").ok).toBe(true);
    const outcomes = await db.domainEvent.findMany({ where: { companyId: fixture.company.companyId, type: { startsWith: "transport_manifest." } }, orderBy: { createdAt: "asc" } });
    expect(outcomes.map((o) => o.type)).toEqual(["transport_manifest.authorized", "transport_manifest.driver_added", "transport_manifest.rejected", "transport_manifest.closed"]);

    // Closed: no more events, locally and at the authority.
    expect((await post(cancelRoute.POST, "cancel", id, { justification: "Viagem cancelada pelo cliente" })).body.code).toBe("invalid_status");
  });

  it("cancels a manifest within 24 h and then refuses to close it", async () => {
    const created = await create(manifestBody([{ documentId: nfe[0]!.id }], "DEF4G56"));
    expect(created.body.status, created.text).toBe("AUTHORIZED");
    const cancelled = await post(cancelRoute.POST, "cancel", created.body.id, { justification: "Viagem cancelada pelo cliente" });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "CANCELLED", cancellationReason: "Viagem cancelada pelo cliente" });
    const close = await post(closeRoute.POST, "close", created.body.id, {});
    expect(close.status).toBe(422);
    expect(close.body.code).toBe("invalid_status");
  });

  it("issues a manifest loaded later (indCarregaPosterior=1), adds the NF-e loaded on the way (110115), refuses one already on board and closes only after an inclusion", async () => {
    const created = await create(loadingLaterBody("MNO1P23"));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: "AUTHORIZED", loadingLater: true, startState: "SP", endState: "SP", documents: [] });
    const id = created.body.id as string;
    const issued = await db.transportManifest.findUniqueOrThrow({ where: { id } });
    expect(issued.xml).toContain("<indCarregaPosterior>1</indCarregaPosterior></ide>");
    expect(issued.xml).toContain("<infDoc><infMunDescarga><cMunDescarga>3550308</cMunDescarga><xMunDescarga>São Paulo</xMunDescarga></infMunDescarga></infDoc>");
    expect(checkXmlSchema(issued.xml, `${S}procMDFe_v3.00.xsd`)).toEqual({ valid: true });
    // Its DAMDFE prints with no document yet.
    const pdf = await damdfeRoute.GET(new Request(`http://localhost/v1/transport-manifests/${id}/damdfe`, { headers: { authorization: `Bearer ${key()}` } }), { params: Promise.resolve({ id }) });
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(decodePdfBarcodes(Buffer.from(await pdf.arrayBuffer()))).toEqual(expect.arrayContaining([{ type: "CODE-128", data: created.body.accessKey }]));

    // Closing before any inclusion: refused here as the SVRS refuses it (715), nothing sent.
    const early = await post(closeRoute.POST, "close", id, {});
    expect(early.status).toBe(422);
    expect(early.body.code).toBe("loading_later_without_documents");
    expect(await db.transportManifestEvent.count({ where: { manifestId: id } })).toBe(0);

    const added = await post(documentsRoute.POST, "documents", id, { unloading: [{ code: "3509502", name: "Campinas", documents: [{ accessKey: spNfe[0]!.accessKey }] }] });
    expect(added.status, added.text).toBe(200);
    expect(added.body.documents.map((d: { accessKey: string }) => d.accessKey)).toEqual([spNfe[0]!.accessKey]);
    expect(added.body.events).toMatchObject([{ type: "DOCUMENTS_ADDED", eventCode: "110115", sequence: 1, status: "REGISTERED" }]);
    const event = await db.transportManifestEvent.findFirstOrThrow({ where: { manifestId: id, eventCode: "110115" } });
    expect(event.requestXml).toContain(`<cMunCarrega>3550308</cMunCarrega><xMunCarrega>São Paulo</xMunCarrega><infDoc><cMunDescarga>3509502</cMunDescarga><xMunDescarga>Campinas</xMunDescarga><chNFe>${spNfe[0]!.accessKey}</chNFe></infDoc>`);
    expect(checkXmlSchema(event.responseXml!, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    const again = await post(documentsRoute.POST, "documents", id, { unloading: [{ code: "3509502", name: "Campinas", documents: [{ documentId: spNfe[0]!.id }] }] });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("invalid_document");
    const elsewhere = await post(documentsRoute.POST, "documents", id, { loading: { code: "3106200", name: "Belo Horizonte" }, unloading: [{ code: "3509502", name: "Campinas", documents: [{ documentId: spNfe[1]!.id }] }] });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.code).toBe("invalid_municipality");
    // Loaded in Campinas, not in the manifest's São Paulo: it can no longer be cancelled (710), only closed.
    const campinas = await post(documentsRoute.POST, "documents", id, { loading: { code: "3509502", name: "Campinas" }, unloading: [{ code: "3509502", name: "Campinas", documents: [{ documentId: spNfe[1]!.id }] }] });
    expect(campinas.status, campinas.text).toBe(200);
    const cancel = await post(cancelRoute.POST, "cancel", id, { justification: "Viagem cancelada pelo cliente" });
    expect(cancel.status).toBe(422);
    expect(cancel.body.code).toBe("cancel_not_allowed");
    const closed = await post(closeRoute.POST, "close", id, {});
    expect(closed.body.status, closed.text).toBe("CLOSED");
  });

  it("refuses documents on a manifest issued without loadingLater before calling the SVRS (708), and a loadingLater request the layout does not allow", async () => {
    const plain = await create(manifestBody([{ documentId: nfe[0]!.id }], "MNO2P34"));
    expect(plain.body).toMatchObject({ status: "AUTHORIZED", loadingLater: false });
    const refused = await post(documentsRoute.POST, "documents", plain.body.id, { unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ accessKey: nfe[1]!.accessKey }] }] });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("loading_later_required");
    expect(await db.transportManifestEvent.count({ where: { manifestId: plain.body.id } })).toBe(0);
    expect((await post(closeRoute.POST, "close", plain.body.id, {})).body.status).toBe("CLOSED");

    // 706: no documents at issue; 703: one loading municipality; 704: one state, no route.
    const withDocuments = await create({ ...manifestBody([{ documentId: nfe[0]!.id }], "MNO3P45"), loadingLater: true });
    expect(withDocuments.status).toBe(400);
    const twoLoadings = await create({ ...loadingLaterBody("MNO3P45"), loading: [{ code: "3550308", name: "São Paulo" }, { code: "3509502", name: "Campinas" }] });
    expect([twoLoadings.status, twoLoadings.body.code]).toEqual([422, "invalid_municipality"]);
    const route = await create({ ...loadingLaterBody("MNO3P45"), route: ["RJ"] });
    expect([route.status, route.body.code]).toEqual([422, "invalid_route"]);
  });

  it("refuses a manifest loaded later while another has had no document for more than 168 h (712), until that one is cancelled past 24 h", async () => {
    const first = await create(loadingLaterBody("OLD1L23"));
    expect(first.body.status, first.text).toBe("AUTHORIZED");
    await db.transportManifest.update({ where: { id: first.body.id }, data: { authorizedAt: new Date(Date.now() - 169 * 3_600_000) } });
    const numbers = await db.transportManifest.count({ where: { companyId: fixture.company.companyId } });
    const blocked = await create(loadingLaterBody("NEW1L23"));
    expect(blocked.status).toBe(422);
    expect(blocked.body.code).toBe("loading_later_pending");
    expect(blocked.body.message).toContain(first.body.accessKey);
    expect(await db.transportManifest.count({ where: { companyId: fixture.company.companyId } })).toBe(numbers);
    // The MOC's exception to the 24 h limit (6.1.1 K04): a manifest loaded later without documents is still cancelled.
    const cancelled = await post(cancelRoute.POST, "cancel", first.body.id, { justification: "Coleta nao realizada no periodo" });
    expect(cancelled.body.status, cancelled.text).toBe("CANCELLED");
    const next = await create(loadingLaterBody("NEW1L23"));
    expect(next.body.status, next.text).toBe("AUTHORIZED");
    expect((await post(cancelRoute.POST, "cancel", next.body.id, { justification: "Coleta nao realizada no periodo" })).body.status).toBe("CANCELLED");
  });

  it("registers the payment of the transport operation (110116) once for a TAC agregado's vehicle and refuses a second one (636), bad input and a closed one", async () => {
    const withOwner = manifestBody([{ documentId: nfe[0]!.id }], "PQR2S34");
    const created = await create({ ...withOwner, vehicle: { ...withOwner.vehicle, owner: TAC_OWNER } });
    expect(created.body.status, created.text).toBe("AUTHORIZED");
    const id = created.body.id as string;
    expect((await db.transportManifest.findUniqueOrThrow({ where: { id } })).xml).toContain("<RNTRC>87654321</RNTRC><xNome>João Caminhoneiro</xNome><IE></IE><UF>SP</UF><tpProp>0</tpProp></prop>");
    const body = {
      payments: [
        {
          name: "Transportes Rapidos Ltda",
          document: { type: "CNPJ", value: "33.000.167/0001-01" },
          components: [{ type: "FREIGHT", value: "1800" }, { type: "TOLL_VOUCHER", value: 200 }],
          contractValue: "2000.00",
          method: "INSTALLMENTS",
          advanceValue: "500.00",
          installments: [{ dueDate: "2026-12-20", value: "1500.00" }],
          bank: { kind: "BANK", bankCode: "001", agency: "1234" },
        },
      ],
    };
    const paid = await post(paymentsRoute.POST, "payments", id, body);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.events).toMatchObject([{ type: "PAYMENT", eventCode: "110116", sequence: 1, status: "REGISTERED", cStat: "135" }]);
    const event = await db.transportManifestEvent.findFirstOrThrow({ where: { manifestId: id, eventCode: "110116" } });
    expect(event.requestXml).toContain(
      "<infPag><xNome>Transportes Rapidos Ltda</xNome><CNPJ>33000167000101</CNPJ><Comp><tpComp>04</tpComp><vComp>1800.00</vComp></Comp><Comp><tpComp>01</tpComp><vComp>200.00</vComp></Comp><vContrato>2000.00</vContrato><indPag>1</indPag><vAdiant>500.00</vAdiant><infPrazo><nParcela>001</nParcela><dVenc>2026-12-20</dVenc><vParcela>1500.00</vParcela></infPrazo><infBanc><codBanco>001</codBanco><codAgencia>1234</codAgencia></infBanc></infPag>",
    );
    expect(checkXmlSchema(event.responseXml!, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(xmlsecVerify(event.requestXml, "infEvento").ok).toBe(true);
    // The SVRS takes nSeqEvento 1 only (6.5.1 K01, 636): a second payment is refused here, nothing sent.
    const second = await post(paymentsRoute.POST, "payments", id, { trips: { total: 2, number: 2 }, payments: [{ ...body.payments[0], method: "CASH", advanceValue: null, installments: [], bank: { kind: "PIX", key: "financeiro@rapidos.com.br" } }] });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe("payment_already_registered");
    expect(await db.transportManifestEvent.count({ where: { manifestId: id, eventCode: "110116" } })).toBe(1);
    const cashWithInstallments = await post(paymentsRoute.POST, "payments", id, { payments: [{ ...body.payments[0], method: "CASH" }] });
    expect(cashWithInstallments.status).toBe(400);
    expect(cashWithInstallments.body.code).toBe("validation_error");
    expect((await post(closeRoute.POST, "close", id, {})).body.status).toBe("CLOSED");
    const afterClose = await post(paymentsRoute.POST, "payments", id, body);
    expect(afterClose.status).toBe(422);
    expect(afterClose.body.code).toBe("invalid_status");
  });

  it("refuses the payment (110116) of a manifest whose traction vehicle is not a TAC agregado's before calling the SVRS (723)", async () => {
    const independent = manifestBody([{ documentId: nfe[0]!.id }], "PQR3S45");
    for (const [plate, owner] of [["PQR3S45", null], ["PQR4S56", { ...TAC_OWNER, ownerType: "TAC_INDEPENDENT" }]] as const) {
      const created = await create({ ...independent, vehicle: { ...independent.vehicle, plate, owner } });
      expect(created.body.status, created.text).toBe("AUTHORIZED");
      const refused = await post(paymentsRoute.POST, "payments", created.body.id, { payments: [{ document: { type: "CNPJ", value: "33000167000101" }, components: [{ type: "FREIGHT", value: "100" }], contractValue: "100", method: "CASH", bank: { kind: "PIX", key: "financeiro@rapidos.com.br" } }] });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe("vehicle_owner_not_tac_aggregated");
      expect(await db.transportManifestEvent.count({ where: { manifestId: created.body.id } })).toBe(0);
      expect((await post(closeRoute.POST, "close", created.body.id, {})).body.status).toBe("CLOSED");
    }
  });

  it("GET /open asks the SVRS (MDFeConsNaoEnc) and reconciles: closed elsewhere, a lost authorization, a key we do not hold", async () => {
    const companyId = fixture.company.companyId;
    const company = await db.company.findUniqueOrThrow({ where: { id: companyId } });
    const credentials = await loadSigningCredentials(companyId);
    const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem };
    const target = { environment: "HOMOLOGATION" as const, uf: company.state };
    const authority = getMdfeAuthority("HOMOLOGATION");

    // 1. Authorized here, then closed by another system with the company's certificate (not through us).
    const elsewhere = await create(manifestBody([{ documentId: nfe[0]!.id }], "STU3V45"));
    expect(elsewhere.body.status, elsewhere.text).toBe("AUTHORIZED");
    const closing = buildSignedMdfeEvent(
      { type: "110112", accessKey: elsewhere.body.accessKey, protocol: elsewhere.body.protocol, closedOn: "2026-12-09", closingUfCode: "31", closingMunicipalityCode: "3106200", environment: "HOMOLOGATION", issuerCnpj: company.cnpj, issuerUf: company.state, occurredAt: new Date() },
      credentials,
    );
    expect(await authority.sendEvent(target, closing.xml, certificate)).toMatchObject({ kind: "authorized", cStat: "135" });
    // 2. Authorized at the SVRS, the answer lost: PROCESSING here.
    mdfeSimulator().lostAnswers = 1;
    const lost = await create(manifestBody([{ documentId: nfe[1]!.id }], "VWX4Y56"));
    expect(lost.body.status).toBe("PROCESSING");
    // 3. Issued by another system under the company's CNPJ.
    const foreign = buildSignedMdfe(
      mdfeInput({ number: 990_001, cMDF: "31415926", issuer: { ...mdfeInput().issuer, cnpj: company.cnpj }, unloading: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKeys: [ownNfeKey(7, company.cnpj)] }], rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, plate: "YZA5B67" } } }),
      credentials,
    );
    const foreignAuthorized = await authority.authorize(target, foreign.xml, certificate);
    if (foreignAuthorized.kind !== "authorized") throw new Error(JSON.stringify(foreignAuthorized));

    const open = await call(openRoute.GET, { path: "/v1/transport-manifests/open", key: key() });
    expect(open.status, open.text).toBe(200);
    const ids = open.body.data.map((m: { id: string }) => m.id);
    expect(ids).toContain(lost.body.id);
    expect(ids).not.toContain(elsewhere.body.id);
    expect(open.body.meta.authority).toMatchObject({ consulted: true, cStat: "111" });
    expect(open.body.meta.authority.reconciled).toEqual(
      expect.arrayContaining([
        { id: elsewhere.body.id, accessKey: elsewhere.body.accessKey, from: "AUTHORIZED", to: "CLOSED" },
        { id: lost.body.id, accessKey: lost.body.accessKey, from: "PROCESSING", to: "AUTHORIZED" },
      ]),
    );
    expect(open.body.meta.authority.notRecorded).toContainEqual({ accessKey: foreign.accessKey, protocol: foreignAuthorized.protocol });
    expect((await get(elsewhere.body.id)).body).toMatchObject({ status: "CLOSED", closedOn: "2026-12-09", events: [{ eventCode: "110112", status: "REGISTERED", reason: expect.stringContaining("outro sistema") }] });

    // The SVRS down: our records, and meta.authority says it was not asked.
    mdfeSimulator().lostAnswers = 1;
    const degraded = await call(openRoute.GET, { path: "/v1/transport-manifests/open", key: key() });
    expect(degraded.status).toBe(200);
    expect(degraded.body.meta.authority).toMatchObject({ consulted: false, reconciled: [], notRecorded: [] });
    expect(degraded.body.data.map((m: { id: string }) => m.id)).toContain(lost.body.id);
    await post(closeRoute.POST, "close", lost.body.id, {});
    // The foreign one is closed at the SVRS so it blocks no later test.
    const foreignClose = buildSignedMdfeEvent({ type: "110112", accessKey: foreign.accessKey, protocol: foreignAuthorized.protocol, closedOn: "2026-12-09", closingUfCode: "31", closingMunicipalityCode: "3106200", environment: "HOMOLOGATION", issuerCnpj: company.cnpj, issuerUf: company.state, occurredAt: new Date() }, credentials);
    expect(await authority.sendEvent(target, foreignClose.xml, certificate)).toMatchObject({ kind: "authorized" });
  });

  it("GET /open: a manifest closed by the fisco (310112) after a passage record (510620) is CLOSED here, with no event of ours", async () => {
    const created = await create(manifestBody([{ documentId: nfe[0]!.id }], "FSC1A23"));
    expect(created.body.status, created.text).toBe("AUTHORIZED");
    // What a real consultation lists then (SVRS answers recorded in Unimake/DFe's test resources): the
    // fisco's events, typed here with our key; the simulator has no fisco of its own to register them.
    const store = new PrismaMdfeSimulatorStore();
    const stored = (await store.find("2", created.body.accessKey))!;
    const proc = (tpEvento: string, detail: string, nProt: string) =>
      `<procEventoMDFe xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><eventoMDFe versao="3.00"><infEvento Id="ID${tpEvento}${created.body.accessKey}001"><cOrgao>93</cOrgao><tpAmb>2</tpAmb><CNPJ>00394460000141</CNPJ><chMDFe>${created.body.accessKey}</chMDFe><dhEvento>2026-12-09T09:11:17-03:00</dhEvento><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="3.00">${detail}</detEvento></infEvento></eventoMDFe>` +
      `<retEventoMDFe versao="3.00"><infEvento Id="ID${nProt}"><tpAmb>2</tpAmb><verAplic>RS20261115131833</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado ao MDF-e</xMotivo><chMDFe>${created.body.accessKey}</chMDFe><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2026-12-09T09:11:18-03:00</dhRegEvento><nProt>${nProt}</nProt></infEvento></retEventoMDFe></procEventoMDFe>`;
    stored.situation = "CLOSED";
    stored.events.push(
      { type: "510620", sequence: 1, procEventoXml: proc("510620", "<evMDFeRegPassagemAuto><descEvento>Registro de Passagem Automático</descEvento></evMDFeRegPassagemAuto>", "935260000070001") },
      { type: "310112", sequence: 1, procEventoXml: proc("310112", "<evMDFeEncFisco><descEvento>Encerramento Fisco</descEvento><tpEnc>3</tpEnc></evMDFeEncFisco>", "935260000070002") },
    );
    await store.save(stored);

    const open = await call(openRoute.GET, { path: "/v1/transport-manifests/open", key: key() });
    expect(open.status, open.text).toBe(200);
    expect(open.body.meta.authority.reconciled).toContainEqual({ id: created.body.id, accessKey: created.body.accessKey, from: "AUTHORIZED", to: "CLOSED" });
    expect((await get(created.body.id)).body).toMatchObject({ status: "CLOSED", events: [] });
    const outcomes = await db.domainEvent.findMany({ where: { companyId: fixture.company.companyId, type: { startsWith: "transport_manifest." } } });
    const ofThis = outcomes.filter((o) => (o.data as { transportManifestId?: string }).transportManifestId === created.body.id).map((o) => o.type);
    expect(ofThis).toEqual(expect.arrayContaining(["transport_manifest.authorized", "transport_manifest.closed"]));
    expect(ofThis).not.toContain("transport_manifest.driver_added");
  });

  it("takes RENAVAM, tara, capacities, tpCar and tpRod from a registered vehicle (vehicleId), and says what is missing", async () => {
    const carrier = await call(carriersRoute.POST, { method: "POST", path: "/v1/carriers", key: key(), body: { name: "Frota Própria", document: "11222333000181" } });
    expect(carrier.status, carrier.text).toBe(201);
    const carrierId = carrier.body.id as string;
    const addVehicle = (body: unknown) => call(vehiclesRoute.POST, { method: "POST", path: `/v1/carriers/${carrierId}/vehicles`, key: key(), body, params: { id: carrierId } });
    const vehicle = await addVehicle({ plate: "RNV1A23", state: "SP", renavam: "00987654321", tareKg: 8200, capacityKg: 16000, capacityM3: 70, bodyType: "SIDER", wheelType: "TRACTOR" });
    expect(vehicle.status, vehicle.text).toBe(201);
    expect(vehicle.body).toMatchObject({ renavam: "00987654321", tareKg: 8200, capacityKg: 16000, capacityM3: 70, bodyType: "SIDER", wheelType: "TRACTOR" });
    const { vehicle: _inline, ...rest } = manifestBody([{ documentId: nfe[0]!.id }]);
    const created = await create({ ...rest, vehicle: { vehicleId: vehicle.body.id } });
    expect(created.body.status, created.text).toBe("AUTHORIZED");
    expect(created.body.vehiclePlate).toBe("RNV1A23");
    const xml = await call(xmlRoute.GET, { path: `/v1/transport-manifests/${created.body.id}/xml`, key: key(), params: { id: created.body.id } });
    expect(modalDocument(xml.text)).toContain("<placa>RNV1A23</placa><RENAVAM>00987654321</RENAVAM><tara>8200</tara><capKG>16000</capKG><capM3>70</capM3>");
    expect(modalDocument(xml.text)).toContain("<tpRod>03</tpRod><tpCar>05</tpCar><UF>SP</UF>");
    expect((await post(closeRoute.POST, "close", created.body.id, {})).body.status).toBe("CLOSED");

    const bare = await addVehicle({ plate: "RNV2B34", state: "SP" });
    const missing = await create({ ...rest, vehicle: { vehicleId: bare.body.id } });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: "invalid_vehicle", message: expect.stringContaining("tareKg, bodyType, wheelType") });
  });

  it("settles a lost answer: the manifest stays PROCESSING until emit consults the key; a lost event answer is settled on the next call", async () => {
    mdfeSimulator().lostAnswers = 1;
    const created = await create(manifestBody([{ documentId: nfe[1]!.id }], "GHI5J67"));
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("PROCESSING");
    const emitted = await post(emitRoute.POST, "emit", created.body.id);
    expect(emitted.status, emitted.text).toBe(200);
    expect(emitted.body).toMatchObject({ status: "AUTHORIZED", protocol: expect.stringMatching(/^\d{15}$/) });

    mdfeSimulator().lostAnswers = 1;
    const lost = await post(closeRoute.POST, "close", created.body.id, {});
    expect(lost.status).toBe(503);
    expect(lost.body.code).toBe("authority_unavailable");
    expect((await get(created.body.id)).body).toMatchObject({ status: "AUTHORIZED", events: [{ eventCode: "110112", status: "PENDING" }] });
    // The next call settles the intent first (the SVRS lists the closing): the driver is refused as the manifest is closed.
    const next = await post(driversRoute.POST, "drivers", created.body.id, { name: "Maria Souza", cpf: "11144477735" });
    expect(next.status).toBe(422);
    expect(next.body.code).toBe("invalid_status");
    expect((await get(created.body.id)).body).toMatchObject({ status: "CLOSED", events: [{ eventCode: "110112", status: "REGISTERED", protocol: expect.stringMatching(/^\d{15}$/) }] });
  });

  it("delivers its outcomes to a webhook endpoint subscribed to TRANSPORT_MANIFEST_CANCELLED only", async () => {
    const companyId = fixture.company.companyId;
    // Written directly (no verification ping); deleted at the end so no delivery run is left to attempt.
    const endpoint = await db.webhookEndpoint.create({ data: { companyId, url: "https://hooks.example.com/mdfe", events: ["TRANSPORT_MANIFEST_CANCELLED"], secret: "unused-in-this-test" } });
    try {
      const created = await create(manifestBody([{ documentId: nfe[1]!.id }], "JKL7M89"));
      expect(created.body.status, created.text).toBe("AUTHORIZED");
      expect((await post(cancelRoute.POST, "cancel", created.body.id, { justification: "Carga não embarcada no veículo" })).status).toBe(200);
      const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
      expect(deliveries.map((d) => d.eventType)).toEqual(["transport_manifest.cancelled"]);
      const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: deliveries[0]!.eventId } });
      expect(JSON.parse(event.payload)).toMatchObject({ type: "transport_manifest.cancelled", data: { transportManifestId: created.body.id, accessKey: created.body.accessKey, status: "CANCELLED" } });
    } finally {
      await db.webhookDelivery.deleteMany({ where: { endpointId: endpoint.id } });
      await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    }
  });

  it("refuses other modals, documents of another company and bad input with the spec's errors", async () => {
    const air = await create({ ...manifestBody([{ documentId: nfe[0]!.id }]), modal: "AIR" });
    expect(air.status).toBe(422);
    expect(air.body).toMatchObject({ code: "unsupported_modal", message: expect.stringContaining("aéreo") });
    const other = await createTestCompany();
    const foreign = await create(manifestBody([{ documentId: nfe[0]!.id }]), other.key);
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe("invalid_document");
    const badCpf = await create({ ...manifestBody([{ documentId: nfe[0]!.id }]), drivers: [{ name: "Fulano", cpf: "123.456.789-00" }] });
    expect(badCpf.status).toBe(400);
    expect(badCpf.body.code).toBe("validation_error");
    const route = await create({ ...manifestBody([{ documentId: nfe[0]!.id }]), route: ["SP", "RJ"] });
    expect(route.status).toBe(422);
    expect(route.body.code).toBe("invalid_route");
    const vehicle = await create({ ...manifestBody([{ documentId: nfe[0]!.id }]), vehicle: { vehicleId: "not-ours", tareKg: 7000, wheelType: "TRUCK", bodyType: "CLOSED" } });
    expect(vehicle.status).toBe(422);
    expect(vehicle.body.code).toBe("invalid_vehicle");
    expect((await get("does-not-exist")).status).toBe(404);
  });
  it("exports the period's MDF-e XMLs (mdfeProc) and their events under MDFe/<month>/, with the bytes of GET …/xml", async () => {
    const day = (offset: number) => new Date(Date.now() - 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const created = await call(exportsRoute.POST, { method: "POST", path: "/v1/exports", key: key(), body: { from: day(-1), to: day(1), include: { xml: true, pdf: false, events: true, inutilizations: false, received: false } } });
    expect(created.status, created.text).toBe(202);
    expect((await buildExport(created.body.id)).status).toBe("READY");
    const entries = new Map((await readZipFileEntries(exportFilePath(created.body.id))).map((e) => [e.entry.fileName, e.bytes]));
    const manifests = await db.transportManifest.findMany({ where: { companyId: fixture.company.companyId, status: { in: ["AUTHORIZED", "CLOSED", "CANCELLED"] } }, include: { events: { where: { status: "REGISTERED" } } } });
    expect(manifests.length).toBeGreaterThan(3);
    for (const manifest of manifests) {
      const folder = `MDFe/${brazilParts(manifest.issuedAt).month}/`;
      const xml = await call(xmlRoute.GET, { path: `/v1/transport-manifests/${manifest.id}/xml`, key: key(), params: { id: manifest.id } });
      expect(entries.get(`${folder}${manifest.accessKey}-mdfe.xml`)?.toString("utf8")).toBe(xml.text);
      for (const event of manifest.events) {
        const name = [...entries.keys()].find((n) => n.startsWith(`${folder}${manifest.accessKey}-mdfe-`) && n.endsWith(`-${String(event.sequence).padStart(2, "0")}.xml`) && entries.get(n)!.toString("utf8").includes(`<tpEvento>${event.eventCode}</tpEvento>`));
        expect(name, `${manifest.accessKey} ${event.eventCode}`).toBeDefined();
        expect(checkXmlSchema(entries.get(name!)!.toString("utf8").replace(/^<\?xml[^>]*>/, ""), `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
      }
    }
    // Rejected ones are not the period's records.
    const rejected = await db.transportManifest.findFirstOrThrow({ where: { companyId: fixture.company.companyId, status: "REJECTED" } });
    expect([...entries.keys()].some((n) => n.includes(rejected.accessKey))).toBe(false);
  }, 60_000);
});
