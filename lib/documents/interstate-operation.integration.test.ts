import { describe, expect, it } from "vitest";
import { emitAndDrain } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { POST as previewRoute } from "@/app/api/dashboard/companies/[companyId]/documents/preview/route";
import { POST as createRoute } from "@/app/v1/fiscal-documents/route";
import { makeCarrier } from "./testing/fixtures";

// Issue 36 items 1 and 2: an interstate NF-e whose items have no CFOP and whose
// carrier has a default vehicle is created with the interstate CFOP and without
// the vehicle, and is authorized by the simulator; what SEFAZ would refuse
// (a CFOP of another destination, a vehicle on an interstate NF-e) is 422.

process.env.NEXTAUTH_SECRET = "interstate-operation-secret";

const fixture = simulatorCompanyFixture();

const consumerInBahia = { name: "Joana Souza", document: "12345678909", state: "BA", city: "Salvador", municipalityCode: "2927408", street: "Av. Sete", number: "100", neighborhood: "Centro", zipCode: "40060001" };
const customerInCampinas = { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" };
const tv = { code: "TV", description: "Televisor", quantity: 1, unitValue: 2000, ncm: "85287200", icmsOrigin: "0", icmsSituation: "00", pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };

async function setup() {
  const { companyId } = fixture.company;
  await db.company.update({ where: { id: companyId }, data: { defaultCfop: "5102", defaultIcmsRate: "18" } });
  const carrier = await makeCarrier(companyId, [{ plate: "ABC1D23", state: "SP", isDefault: true }]);
  return { companyId, carrierId: carrier.id };
}

const create = (body: Record<string, unknown>) => call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: fixture.company.key, body });
const nfe = (client: Record<string, unknown>, carrierId: string, transport: Record<string, unknown> = {}, item: Record<string, unknown> = tv) => ({
  type: "NFE", client, items: [item], payments: [{ method: "PIX", value: 2000 }], transport: { freightType: "SENDER", carrierId, volumeQuantity: 1, ...transport },
});

describe("interstate NF-e: CFOP by operation and no vehicle", () => {
  it("an item without CFOP takes the interstate CFOP, the default vehicle is left out, and the NF-e is AUTHORIZED", async () => {
    const { companyId, carrierId } = await setup();
    const res = await create(nfe(consumerInBahia, carrierId));
    expect(res.status, res.text).toBe(201);
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id }, include: { items: true, transport: true } });
    expect(stored.items.map((i) => [i.cfop, (i.taxSources as Record<string, string>).cfop])).toEqual([["6108", "company"]]);
    expect(stored.transport).toMatchObject({ carrierId, vehiclePlate: null, vehicleState: null });

    await emitAndDrain(companyId, stored.id);
    const emitted = await db.fiscalDocument.findUniqueOrThrow({ where: { id: stored.id } });
    expect(emitted.status, emitted.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(emitted.authorizedXml).toContain("<idDest>2</idDest>");
    expect(emitted.authorizedXml).toContain("<CFOP>6108</CFOP>");
    expect(emitted.authorizedXml).toContain("<transporta>");
    expect(emitted.authorizedXml).not.toContain("<veicTransp>");
  });

  it("an explicit vehicle on an interstate NF-e is 422 invalid_transport; null means no vehicle; absent takes the default on an internal one", async () => {
    const { carrierId } = await setup();
    const refused = await create(nfe(consumerInBahia, carrierId, { vehiclePlate: "ABC1D23", vehicleState: "SP" }));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("invalid_transport");
    expect(refused.body.message).toContain("868");

    const withDefault = await create(nfe(customerInCampinas, carrierId));
    expect(withDefault.status, withDefault.text).toBe(201);
    expect(await db.documentTransport.findUniqueOrThrow({ where: { documentId: withDefault.body.id } })).toMatchObject({ vehiclePlate: "ABC1D23", vehicleState: "SP" });
    const without = await create(nfe(customerInCampinas, carrierId, { vehiclePlate: null }));
    expect(without.status, without.text).toBe(201);
    expect(await db.documentTransport.findUniqueOrThrow({ where: { documentId: without.body.id } })).toMatchObject({ carrierId, vehiclePlate: null, vehicleState: null });
  });

  it("an explicit CFOP of another destination is 422 invalid_cfop naming the item, at creation and in the dashboard preview", async () => {
    const { carrierId } = await setup();
    const body = nfe(consumerInBahia, carrierId, {}, { ...tv, cfop: "5102" });
    const created = await create(body);
    expect(created.status).toBe(422);
    expect(created.body.code).toBe("invalid_cfop");
    expect(created.body.message).toMatch(/^items\.0\.cfop: CFOP 5102 .*733/);
    const preview = await call(previewRoute, {
      method: "POST", path: "/", headers: await signedInCookie(fixture.company.tenantId, "ACCOUNTANT"), body, params: { companyId: fixture.company.companyId },
    });
    expect(preview.status).toBe(422);
    expect(preview.body.code).toBe("invalid_cfop");
    expect(preview.body.message).toMatch(/^items\.0\.cfop/);
  });
});
