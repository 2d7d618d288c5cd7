import { beforeAll, describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createDraft, createEmittingCompany } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import * as collection from "@/app/v1/transport-manifests/route";
import * as closeRoute from "@/app/v1/transport-manifests/[id]/close/route";
import * as documentsRoute from "@/app/v1/transport-manifests/[id]/documents/route";
import * as dashboardDocumentsRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/documents/route";
import { listInclusionCandidates } from "./manifest-candidates";
import { eventDetailDocument } from "./xml/build-event";

// Issue 55: inclusão de DF-e (110115) from our own NF-e by id or key, grouped by the server by
// unloading municipality as creation groups them; the grouped form kept; the dashboard's
// "Incluir NF-e" route over the session. Real emission, signing, schemas and the SVRS simulator.

process.env.NEXTAUTH_SECRET = "mdfe-add-documents-secret";

const fixture = simulatorCompanyFixture();
const S = "mdfe/PL_MDFe_300a/";

const SANTOS_CLIENT = {
  name: "Porto Santista Comércio Ltda", document: "11444777000161", street: "Rua XV de Novembro", number: "50", neighborhood: "Centro", city: "Santos",
  state: "SP", municipalityCode: "3548500", zipCode: "11010150",
};
const MG_CLIENT = {
  name: "Atacado Mineiro Ltda", document: "33000167000101", street: "Avenida Afonso Pena", number: "1500", neighborhood: "Centro", city: "Belo Horizonte",
  state: "MG", municipalityCode: "3106200", zipCode: "30130005", stateRegistration: "062.307.904/0081", icmsTaxpayer: "CONTRIBUINTE",
};
const MG_ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "6102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 12, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };

type Nfe = { id: string; accessKey: string };
let toCampinas: Nfe;
let toSantos: Nfe;
let toCampinasLater: Nfe;
let toSantosByDashboard: Nfe;
let toMinas: Nfe;
let foreign: Nfe;
let draftId = "";

const key = () => fixture.company.key;
const post = (handler: typeof closeRoute.POST, path: string, id: string, body?: unknown) => call(handler, { method: "POST", path: `/v1/transport-manifests/${id}/${path}`, key: key(), body, params: { id } });

/** Carregamento posterior: issued in the company's São Paulo with no document, NF-e added on the way within SP. */
async function loadingLaterManifest(plate: string) {
  const created = await call(collection.POST, {
    method: "POST", path: "/v1/transport-manifests", key: key(),
    body: { loadingLater: true, vehicle: { plate, renavam: "12345678901", tareKg: 7500, capacityKg: 14000, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP" }, drivers: [{ name: "José da Silva", cpf: "529.982.247-25" }], product: { description: "Carga fracionada" } },
  });
  expect(created.body, created.text).toMatchObject({ status: "AUTHORIZED", loadingLater: true, startState: "SP", endState: "SP" });
  return created.body as { id: string; accessKey: string; endState: string };
}

beforeAll(async () => {
  const company = fixture.company.companyId;
  const nfe = (d: { id: string; accessKey: string | null }) => ({ id: d.id, accessKey: d.accessKey! });
  toCampinas = nfe(await authorizedDocument(company));
  toSantos = nfe(await authorizedDocument(company, { overrides: { client: SANTOS_CLIENT } }));
  toCampinasLater = nfe(await authorizedDocument(company));
  toSantosByDashboard = nfe(await authorizedDocument(company, { overrides: { client: SANTOS_CLIENT } }));
  toMinas = nfe(await authorizedDocument(company, { overrides: { client: MG_CLIENT, items: [MG_ITEM], payments: [{ method: "PIX", value: 1500 }] } }));
  draftId = (await createDraft(company)).id;
  const other = await createEmittingCompany();
  foreign = nfe(await authorizedDocument(other.companyId));
}, 120_000);

describe("POST /v1/transport-manifests/{id}/documents with documents (ids or keys)", () => {
  it("groups two NF-e of two municipalities into two infDoc of one signed, schema-valid 110115", async () => {
    const manifest = await loadingLaterManifest("INC1A23");
    const added = await post(documentsRoute.POST, "documents", manifest.id, { documents: [{ documentId: toCampinas.id }, { accessKey: toSantos.accessKey }] });
    expect(added.status, added.text).toBe(200);
    expect(added.body.documents).toEqual([
      { accessKey: toCampinas.accessKey, documentId: toCampinas.id, unloadingMunicipalityCode: "3509502", unloadingMunicipalityName: "Campinas" },
      { accessKey: toSantos.accessKey, documentId: toSantos.id, unloadingMunicipalityCode: "3548500", unloadingMunicipalityName: "Santos" },
    ]);
    expect(added.body.events).toMatchObject([{ type: "DOCUMENTS_ADDED", eventCode: "110115", sequence: 1, status: "REGISTERED" }]);

    const event = await db.transportManifestEvent.findFirstOrThrow({ where: { manifestId: manifest.id, eventCode: "110115" } });
    // Loaded in the manifest's São Paulo (the default), each NF-e in its own unloading municipality.
    expect(event.requestXml).toContain(
      "<cMunCarrega>3550308</cMunCarrega><xMunCarrega>São Paulo</xMunCarrega>" +
        `<infDoc><cMunDescarga>3509502</cMunDescarga><xMunDescarga>Campinas</xMunDescarga><chNFe>${toCampinas.accessKey}</chNFe></infDoc>` +
        `<infDoc><cMunDescarga>3548500</cMunDescarga><xMunDescarga>Santos</xMunDescarga><chNFe>${toSantos.accessKey}</chNFe></infDoc>`,
    );
    const signed = /<eventoMDFe\b[\s\S]*<\/eventoMDFe>/.exec(event.requestXml!)![0];
    expect(checkXmlSchema(signed, `${S}eventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    const detail = eventDetailDocument(signed)!;
    expect(detail.schema).toBe(`${S}evInclusaoDFeMDFe_v3.00.xsd`);
    expect(checkXmlSchema(detail.xml, detail.schema)).toEqual({ valid: true });
    expect(xmlsecVerify(signed, "infEvento").ok).toBe(true);
    expect(checkXmlSchema(event.responseXml!, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect((await post(closeRoute.POST, "close", manifest.id, {})).body.status).toBe("CLOSED");
  });

  it("refuses another company's NF-e, one not authorized, both forms and neither before any call; the grouped form still works", async () => {
    const manifest = await loadingLaterManifest("INC2B34");
    const other = await post(documentsRoute.POST, "documents", manifest.id, { documents: [{ documentId: foreign.id }] });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: "invalid_document", message: expect.stringContaining("not a document of this company") });
    const otherKey = await post(documentsRoute.POST, "documents", manifest.id, { documents: [{ accessKey: foreign.accessKey }] });
    expect([otherKey.status, otherKey.body.code]).toEqual([422, "invalid_document"]);
    const draft = await post(documentsRoute.POST, "documents", manifest.id, { documents: [{ documentId: draftId }] });
    expect(draft.status).toBe(422);
    expect(draft.body).toMatchObject({ code: "invalid_document", message: expect.stringContaining("is DRAFT") });
    // Unloaded in MG, outside the manifest's unloading state (612).
    const minas = await post(documentsRoute.POST, "documents", manifest.id, { documents: [{ documentId: toMinas.id }] });
    expect([minas.status, minas.body.code]).toEqual([422, "invalid_municipality"]);
    const both = await post(documentsRoute.POST, "documents", manifest.id, { documents: [{ documentId: toCampinasLater.id }], unloading: [{ code: "3509502", name: "Campinas", documents: [{ documentId: toCampinasLater.id }] }] });
    expect([both.status, both.body.code]).toEqual([400, "validation_error"]);
    const neither = await post(documentsRoute.POST, "documents", manifest.id, { loading: { code: "3550308", name: "São Paulo" } });
    expect([neither.status, neither.body.code]).toEqual([400, "validation_error"]);
    expect(await db.transportManifestEvent.count({ where: { manifestId: manifest.id } })).toBe(0);

    const grouped = await post(documentsRoute.POST, "documents", manifest.id, { unloading: [{ code: "3509502", name: "Campinas", documents: [{ documentId: toCampinasLater.id }] }] });
    expect(grouped.status, grouped.text).toBe(200);
    expect(grouped.body.documents).toEqual([{ accessKey: toCampinasLater.accessKey, documentId: toCampinasLater.id, unloadingMunicipalityCode: "3509502", unloadingMunicipalityName: "Campinas" }]);
    expect(grouped.body.events).toMatchObject([{ eventCode: "110115", sequence: 1, status: "REGISTERED" }]);
    expect((await post(closeRoute.POST, "close", manifest.id, {})).body.status).toBe("CLOSED");
  });
});

describe("dashboard POST …/transport-manifests/{id}/documents (Incluir NF-e)", () => {
  it("offers our NF-e unloaded in the manifest's state and not on an open manifest; SUPPORT is refused, an ADMIN adds by id", async () => {
    const companyId = fixture.company.companyId;
    const admin = await signedInCookie(fixture.company.tenantId, "ADMIN");
    const support = await signedInCookie(fixture.company.tenantId, "SUPPORT");
    const manifest = await loadingLaterManifest("INC3C45");
    const offered = (await listInclusionCandidates(companyId, manifest)).map((d) => d.id);
    expect(offered).toContain(toSantosByDashboard.id);
    expect(offered).not.toContain(toMinas.id);
    expect(offered).not.toContain(draftId);

    const path = `/api/dashboard/companies/${companyId}/transport-manifests/${manifest.id}/documents`;
    const request = (who: { cookie: string }, body: unknown) => ({ method: "POST", path, params: { companyId, id: manifest.id }, headers: who, body });
    const refused = await call(dashboardDocumentsRoute.POST, request(support, { documents: [{ documentId: toSantosByDashboard.id }] }));
    expect(refused).toMatchObject({ status: 403, body: { code: "forbidden_role" } });
    expect(await db.transportManifestEvent.count({ where: { manifestId: manifest.id } })).toBe(0);

    const added = await call(dashboardDocumentsRoute.POST, request(admin, { documents: [{ documentId: toSantosByDashboard.id }] }));
    expect(added.status, added.text).toBe(200);
    expect(added.body.documents).toEqual([{ accessKey: toSantosByDashboard.accessKey, documentId: toSantosByDashboard.id, unloadingMunicipalityCode: "3548500", unloadingMunicipalityName: "Santos" }]);
    expect((await listInclusionCandidates(companyId, manifest)).map((d) => d.id)).not.toContain(toSantosByDashboard.id);
    expect((await post(closeRoute.POST, "close", manifest.id, {})).body.status).toBe("CLOSED");
  });
});
