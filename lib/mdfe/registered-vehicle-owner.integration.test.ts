import { beforeAll, describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import * as collection from "@/app/v1/transport-manifests/route";
import * as closeRoute from "@/app/v1/transport-manifests/[id]/close/route";
import * as paymentsRoute from "@/app/v1/transport-manifests/[id]/payments/route";
import * as carriersRoute from "@/app/v1/carriers/route";
import * as vehiclesRoute from "@/app/v1/carriers/[id]/vehicles/route";
import { modalDocument } from "./xml/build-signed-mdfe";

// A registered vehicle keeps its owner (veicTracao/prop), so a manifest naming it by vehicleId carries
// it: a TAC agregado's vehicle takes the payment of the transport operation (110116), the issuer's own
// (no owner) is refused before the SVRS is called, as with an inline vehicle (MOC MDF-e 3.00 6.5.1 K06, 723).

const fixture = simulatorCompanyFixture();
const S = "mdfe/PL_MDFe_300a/";
const key = () => fixture.company.key;
const create = (body: unknown) => call(collection.POST, { method: "POST", path: "/v1/transport-manifests", key: key(), body });
const post = (handler: typeof closeRoute.POST, path: string, id: string, body?: unknown) => call(handler, { method: "POST", path: `/v1/transport-manifests/${id}/${path}`, key: key(), body, params: { id } });
const PAYMENT = { payments: [{ document: { type: "CNPJ", value: "33000167000101" }, components: [{ type: "FREIGHT", value: "900" }], contractValue: "900", method: "CASH", bank: { kind: "PIX", key: "financeiro@agregado.com.br" } }] };
const TAC_OWNER = { document: { type: "CPF", value: "111.444.777-35" }, rntrc: "87654321", name: "João Caminhoneiro", state: "SP", ownerType: "TAC_AGGREGATED" };

const nfe: string[] = [];
let addVehicle: (body: unknown) => ReturnType<typeof call>;

beforeAll(async () => {
  for (let i = 0; i < 3; i++) nfe.push((await authorizedDocument(fixture.company.companyId)).id);
  const carrier = await call(carriersRoute.POST, { method: "POST", path: "/v1/carriers", key: key(), body: { name: "Agregados", document: "11222333000181" } });
  if (carrier.status !== 201) throw new Error(carrier.text);
  const carrierId = carrier.body.id as string;
  addVehicle = (body) => call(vehiclesRoute.POST, { method: "POST", path: `/v1/carriers/${carrierId}/vehicles`, key: key(), body, params: { id: carrierId } });
}, 60_000);

const TRUCK = { state: "SP", renavam: "00987654321", tareKg: 8200, capacityKg: 16000, bodyType: "CLOSED", wheelType: "TRACTOR" };
function manifestBody(documentId: string, vehicle: Record<string, unknown>) {
  return {
    documents: [{ documentId }],
    vehicle,
    drivers: [{ name: "José da Silva", cpf: "529.982.247-25" }],
    product: { description: "Peças usinadas" },
    cargo: { unit: "KG", quantity: "800" },
  };
}

describe("the owner of a registered vehicle on its manifests", () => {
  it("a TAC agregado's registered vehicle: its manifest carries prop tpProp 0 and takes the payment event (110116)", async () => {
    const vehicle = await addVehicle({ ...TRUCK, plate: "AGR1A23", owner: TAC_OWNER });
    expect(vehicle.status, vehicle.text).toBe(201);
    const created = await create(manifestBody(nfe[0]!, { vehicleId: vehicle.body.id }));
    expect(created.body.status, created.text).toBe("AUTHORIZED");
    const xml = (await db.transportManifest.findUniqueOrThrow({ where: { id: created.body.id } })).xml;
    const modal = modalDocument(xml)!;
    expect(modal).toContain("<prop><CPF>11144477735</CPF><RNTRC>87654321</RNTRC><xNome>João Caminhoneiro</xNome><IE></IE><UF>SP</UF><tpProp>0</tpProp></prop>");
    expect(checkXmlSchema(modal, `${S}mdfeModalRodoviario_v3.00.xsd`)).toEqual({ valid: true });

    const paid = await post(paymentsRoute.POST, "payments", created.body.id, PAYMENT);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.events).toMatchObject([{ type: "PAYMENT", eventCode: "110116", status: "REGISTERED", cStat: "135" }]);
    expect((await post(closeRoute.POST, "close", created.body.id, {})).body.status).toBe("CLOSED");
  });

  it("a registered vehicle without owner, or a TAC agregado's with owner: null in the request (the request wins), is refused as today (723) before the call", async () => {
    const own = await addVehicle({ ...TRUCK, plate: "OWN2B34" });
    expect(own.body.owner).toBeNull();
    const tac = await addVehicle({ ...TRUCK, plate: "AGR3C45", owner: TAC_OWNER });
    const cases = [
      [nfe[1]!, { vehicleId: own.body.id }],
      [nfe[2]!, { vehicleId: tac.body.id, owner: null }],
    ] as const;
    for (const [documentId, vehicle] of cases) {
      const created = await create(manifestBody(documentId, vehicle));
      expect(created.body.status, created.text).toBe("AUTHORIZED");
      expect((await db.transportManifest.findUniqueOrThrow({ where: { id: created.body.id } })).xml).not.toContain("<prop>");
      const refused = await post(paymentsRoute.POST, "payments", created.body.id, PAYMENT);
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe("vehicle_owner_not_tac_aggregated");
      expect(await db.transportManifestEvent.count({ where: { manifestId: created.body.id } })).toBe(0);
      expect((await post(closeRoute.POST, "close", created.body.id, {})).body.status).toBe("CLOSED");
    }
  });

  it("an inline owner replaces the registered one", async () => {
    const vehicle = await addVehicle({ ...TRUCK, plate: "AGR4D56", owner: TAC_OWNER });
    const created = await create(manifestBody(nfe[0]!, { vehicleId: vehicle.body.id, owner: { ...TAC_OWNER, name: "Maria Transportes", ownerType: "TAC_INDEPENDENT" } }));
    expect(created.body.status, created.text).toBe("AUTHORIZED");
    expect((await db.transportManifest.findUniqueOrThrow({ where: { id: created.body.id } })).xml).toContain("<xNome>Maria Transportes</xNome><IE></IE><UF>SP</UF><tpProp>1</tpProp></prop>");
    expect((await post(paymentsRoute.POST, "payments", created.body.id, PAYMENT)).body.code).toBe("vehicle_owner_not_tac_aggregated");
  });
});
