import { createPublicKey, verify } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as leaveRoute, POST as enterRoute } from "@/app/v1/contingency/route";
import * as collection from "@/app/v1/transport-manifests/route";
import * as closeRoute from "@/app/v1/transport-manifests/[id]/close/route";
import * as damdfeRoute from "@/app/v1/transport-manifests/[id]/damdfe/route";
import * as xmlRoute from "@/app/v1/transport-manifests/[id]/xml/route";
import { loadSigningCredentials } from "@/lib/certificates/signing-credentials";
import { enterContingency } from "@/lib/contingency/enter-contingency";
import { TRANSMIT_CONTINGENCY_FUNCTION_ID } from "@/lib/contingency/events";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { decodePdfBarcodes } from "@/test/barcodes";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { mdfeSimulator } from "./authority/get-mdfe-authority";
import { transmitContingencyManifests } from "./transmit-contingency";
import { modalDocument } from "./xml/build-signed-mdfe";

// Issue 55: contingência off-line (tpEmis 2) on the NF-e's contingency machinery: the company enters
// the MDF-e contingency by hand (POST /v1/contingency model 58), the manifest is issued offline with
// the signed QR-Code and printed, the transmission run sends it to the SVRS once the contingency
// ends (or the SVRS answers 107 meanwhile) and it is AUTHORIZED.

const fixture = simulatorCompanyFixture();
const S = "mdfe/PL_MDFe_300a/";
const key = () => fixture.company.key;
const MG_CLIENT = {
  name: "Atacado Mineiro Ltda", document: "33000167000101", street: "Avenida Afonso Pena", number: "1500", neighborhood: "Centro", city: "Belo Horizonte",
  state: "MG", municipalityCode: "3106200", zipCode: "30130005", stateRegistration: "062.307.904/0081", icmsTaxpayer: "CONTRIBUINTE",
};
const ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "6102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 12, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };
const JUSTIFICATION = "Sem acesso a internet no patio de carga desde as 6h";

let nfeId = "";
beforeAll(async () => {
  nfeId = (await authorizedDocument(fixture.company.companyId, { overrides: { client: MG_CLIENT, items: [ITEM], payments: [{ method: "PIX", value: 1500 }] } })).id;
}, 60_000);

const manifest = (plate: string) => ({
  unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ documentId: nfeId }] }],
  vehicle: { plate, tareKg: 7500, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP" },
  drivers: [{ name: "José da Silva", cpf: "52998224725" }],
  product: { description: "Peças usinadas", ncm: "84879000" },
  cargo: { quantity: "1250" },
});

describe("MDF-e in contingência off-line (tpEmis 2)", () => {
  it("issues offline while the contingency lasts, prints the DAMDFE, and transmits when it ends", async () => {
    const entered = await call(enterRoute, { method: "POST", path: "/v1/contingency", key: key(), body: { model: "58", justification: JUSTIFICATION } });
    expect(entered.status, entered.text).toBe(200);
    expect(entered.body).toMatchObject({ model: "58", active: true, mode: "OFFLINE", automatic: false });

    const created = await call(collection.POST, { method: "POST", path: "/v1/transport-manifests", key: key(), body: manifest("CTG1A23") });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: "CONTINGENCY", protocol: null });
    const id = created.body.id as string;
    const accessKey = created.body.accessKey as string;
    expect(accessKey[34]).toBe("2");

    // The QR-Code carries sign = RSA-SHA1 of the key by the issuer's certificate (MOC MDF-e 3.00a).
    // Read raw: URLSearchParams would turn the base64's "+" into spaces.
    const sign = /[?&]sign=([^&]+)/.exec(created.body.qrCode)![1]!;
    const credentials = await loadSigningCredentials(fixture.company.companyId);
    expect(verify("sha1", Buffer.from(accessKey), createPublicKey(credentials.certificatePem), Buffer.from(sign, "base64"))).toBe(true);

    const xml = await call(xmlRoute.GET, { path: `/v1/transport-manifests/${id}/xml`, key: key(), params: { id } });
    expect(xml.status).toBe(200);
    const signed = /<MDFe\b[\s\S]*<\/MDFe>/.exec(xml.text)![0];
    expect(signed).toContain("<tpEmis>2</tpEmis>");
    expect(checkXmlSchema(signed, `${S}mdfe_v3.00.xsd`)).toEqual({ valid: true });
    expect(checkXmlSchema(modalDocument(signed)!, `${S}mdfeModalRodoviario_v3.00.xsd`)).toEqual({ valid: true });
    expect(xmlsecVerify(signed, "infMDFe").ok).toBe(true);

    const pdf = await damdfeRoute.GET(new Request(`http://localhost/v1/transport-manifests/${id}/damdfe`, { headers: { authorization: `Bearer ${key()}` } }), { params: Promise.resolve({ id }) });
    expect(pdf.status).toBe(200);
    expect(decodePdfBarcodes(Buffer.from(await pdf.arrayBuffer()))).toEqual(expect.arrayContaining([{ type: "QR-Code", data: created.body.qrCode }, { type: "CODE-128", data: accessKey }]));

    // No event before the authorization; the transmission run is queued for company + 58 + environment.
    const close = await call(closeRoute.POST, { method: "POST", path: `/v1/transport-manifests/${id}/close`, key: key(), body: {}, params: { id } });
    expect(close.status).toBe(422);
    expect(close.body.code).toBe("invalid_status");
    expect(await db.backgroundRun.count({ where: { functionId: TRANSMIT_CONTINGENCY_FUNCTION_ID, concurrencyKey: `contingency:${fixture.company.companyId}:58:HOMOLOGATION` } })).toBeGreaterThan(0);

    // While the contingency lasts and the SVRS's status service does not answer, nothing is sent.
    mdfeSimulator().lostAnswers = 1;
    expect(await transmitContingencyManifests({ companyId: fixture.company.companyId, environment: "HOMOLOGATION" })).toMatchObject({ kind: "pending", transmitted: 0 });
    expect((await db.transportManifest.findUniqueOrThrow({ where: { id } })).status).toBe("CONTINGENCY");

    const left = await call(leaveRoute, { method: "DELETE", path: "/v1/contingency?model=58", key: key() });
    expect(left.body).toMatchObject({ model: "58", active: false });
    expect(await transmitContingencyManifests({ companyId: fixture.company.companyId, environment: "HOMOLOGATION" })).toEqual({ kind: "done", transmitted: 1, resolved: 0 });
    const authorized = await db.transportManifest.findUniqueOrThrow({ where: { id } });
    expect(authorized).toMatchObject({ status: "AUTHORIZED", protocol: expect.stringMatching(/^\d{15}$/) });
    expect(checkXmlSchema(authorized.xml, `${S}procMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(xmlsecVerify(authorized.xml, "infMDFe").ok).toBe(true);
    // A replay has nothing left to send.
    expect(await transmitContingencyManifests({ companyId: fixture.company.companyId, environment: "HOMOLOGATION" })).toEqual({ kind: "done", transmitted: 0, resolved: 0 });
    expect((await call(closeRoute.POST, { method: "POST", path: `/v1/transport-manifests/${id}/close`, key: key(), body: {}, params: { id } })).body.status).toBe("CLOSED");
  });

  it("is never entered automatically: the issuer alone decides (Ajuste SINIEF 21/10)", async () => {
    const outcome = await enterContingency({ companyId: fixture.company.companyId, model: 58, reason: "SVRS sem resposta: 3 falhas", automatic: true });
    expect(outcome.entered).toBe(false);
    expect(await db.companyContingency.count({ where: { companyId: fixture.company.companyId, model: 58, automatic: true } })).toBe(0);
  });
});
