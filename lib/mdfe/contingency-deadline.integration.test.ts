import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DELETE as leaveRoute, POST as enterRoute } from "@/app/v1/contingency/route";
import * as collection from "@/app/v1/transport-manifests/route";
import * as emitRoute from "@/app/v1/transport-manifests/[id]/emit/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { mdfeSimulator } from "./authority/get-mdfe-authority";
import { manifestContingencyDeadlinesAtRisk, warnManifestContingencyDeadlines } from "./contingency-deadline";
import { transmitContingencyManifests } from "./transmit-contingency";

// Issue 55 leftovers: an MDF-e issued in contingência off-line (tpEmis 2) must reach the SVRS within
// 168 h of its dhEmi (MOC MDF-e 3.00a; Ajuste SINIEF 21/10). At 75 % of that the company is warned
// once (webhook transport_manifest.contingency_deadline, the dashboard's banner), as the NF-e/NFC-e
// offline deadlines are; one transmitted after the deadline is refused by the simulator with 228.

const fixture = simulatorCompanyFixture();
const HOUR = 3_600_000;
const MG_CLIENT = {
  name: "Atacado Mineiro Ltda", document: "33000167000101", street: "Avenida Afonso Pena", number: "1500", neighborhood: "Centro", city: "Belo Horizonte",
  state: "MG", municipalityCode: "3106200", zipCode: "30130005", stateRegistration: "062.307.904/0081", icmsTaxpayer: "CONTRIBUINTE",
};
const ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "6102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 12, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };
const key = () => fixture.company.key;
const scope = () => ({ companyId: fixture.company.companyId, environment: "HOMOLOGATION" as const });

let nfeId = "";
beforeAll(async () => {
  nfeId = (await authorizedDocument(fixture.company.companyId, { overrides: { client: MG_CLIENT, items: [ITEM], payments: [{ method: "PIX", value: 1500 }] } })).id;
}, 60_000);

// The simulator's clock is the process's: put it back after each test.
afterEach(() => {
  mdfeSimulator().now = () => new Date();
});

async function issueOffline(plate: string) {
  const created = await call(collection.POST, {
    method: "POST", path: "/v1/transport-manifests", key: key(),
    body: {
      unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ documentId: nfeId }] }],
      vehicle: { plate, tareKg: 7500, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP" },
      drivers: [{ name: "José da Silva", cpf: "52998224725" }],
      product: { description: "Peças usinadas", ncm: "84879000" },
      cargo: { quantity: "1250" },
    },
  });
  expect(created.body.status, created.text).toBe("CONTINGENCY");
  return { id: created.body.id as string, issuedAt: new Date(created.body.issuedAt as string) };
}

describe("MDF-e contingency transmission deadline (168 h)", () => {
  it("warns once at 75 % of the 168 h (webhook and banner list), and the SVRS refuses a late transmission with 228 while a timely one is authorized", async () => {
    const companyId = fixture.company.companyId;
    const endpoint = await db.webhookEndpoint.create({ data: { companyId, url: "https://hooks.example.com/mdfe-deadline", events: ["TRANSPORT_MANIFEST_CONTINGENCY_DEADLINE"], secret: "unused-in-this-test" } });
    try {
      expect((await call(enterRoute, { method: "POST", path: "/v1/contingency", key: key(), body: { model: "58", justification: "Sem acesso a internet no patio de carga desde as 6h" } })).status).toBe(200);
      const late = await issueOffline("DLN1A23");
      const timely = await issueOffline("DLN2B34");

      // 75 % of 168 h is 126 h after dhEmi: nothing before, each manifest once after.
      expect(await warnManifestContingencyDeadlines(scope(), new Date(late.issuedAt.getTime() + 125 * HOUR))).toBe(0);
      expect((await manifestContingencyDeadlinesAtRisk(companyId)).total).toBe(0);
      const warnedAt = new Date(Math.max(late.issuedAt.getTime(), timely.issuedAt.getTime()) + 127 * HOUR);
      expect(await warnManifestContingencyDeadlines(scope(), warnedAt)).toBe(2);
      expect(await warnManifestContingencyDeadlines(scope(), new Date(warnedAt.getTime() + HOUR))).toBe(0);
      // The transmission run warns in each round too, and a replay never warns twice.
      mdfeSimulator().lostAnswers = 1; // the SVRS status service does not answer: nothing is sent this round
      expect(await transmitContingencyManifests(scope(), new Date(warnedAt.getTime() + 2 * HOUR))).toMatchObject({ kind: "pending", transmitted: 0 });

      const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
      expect(deliveries.map((d) => d.eventType)).toEqual(["transport_manifest.contingency_deadline", "transport_manifest.contingency_deadline"]);
      const payloads = await Promise.all(deliveries.map(async (d) => JSON.parse((await db.webhookEvent.findUniqueOrThrow({ where: { id: d.eventId } })).payload)));
      const lateWarning = payloads.find((p) => p.data.transportManifestId === late.id);
      expect(lateWarning.data).toMatchObject({ model: "58", status: "CONTINGENCY", protocol: null, deadlineAt: new Date(late.issuedAt.getTime() + 168 * HOUR).toISOString(), overdue: false });
      const atRisk = await manifestContingencyDeadlinesAtRisk(companyId);
      expect(atRisk.total).toBe(2);
      expect(atRisk.manifests.map((m) => m.id).sort()).toEqual([late.id, timely.id].sort());

      // Back online. One is sent 169 h after its issue: the SVRS refuses it (228) and it is REJECTED;
      // the other at 167 h is authorized.
      expect((await call(leaveRoute, { method: "DELETE", path: "/v1/contingency?model=58", key: key() })).status).toBe(200);
      mdfeSimulator().now = () => new Date(late.issuedAt.getTime() + 169 * HOUR);
      const refused = await call(emitRoute.POST, { method: "POST", path: `/v1/transport-manifests/${late.id}/emit`, key: key(), params: { id: late.id } });
      expect(refused.status, refused.text).toBe(200);
      expect(refused.body).toMatchObject({ status: "REJECTED", rejectionCode: "228", rejectionReason: "Rejeição: Data de Emissão muito atrasada", protocol: null });
      mdfeSimulator().now = () => new Date(timely.issuedAt.getTime() + 167 * HOUR);
      const authorized = await call(emitRoute.POST, { method: "POST", path: `/v1/transport-manifests/${timely.id}/emit`, key: key(), params: { id: timely.id } });
      expect(authorized.body).toMatchObject({ status: "AUTHORIZED", protocol: expect.stringMatching(/^\d{15}$/) });
      // Neither is waiting any more: the banner's list is empty.
      expect((await manifestContingencyDeadlinesAtRisk(companyId)).total).toBe(0);
    } finally {
      await db.webhookDelivery.deleteMany({ where: { endpointId: endpoint.id } });
      await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    }
  });

  it("marks the warning overdue when the first check comes after the deadline", async () => {
    expect((await call(enterRoute, { method: "POST", path: "/v1/contingency", key: key(), body: { model: "58", justification: "Sem acesso a internet no patio de carga desde as 6h" } })).status).toBe(200);
    const manifest = await issueOffline("DLN3C45");
    expect(await warnManifestContingencyDeadlines(scope(), new Date(manifest.issuedAt.getTime() + 170 * HOUR))).toBe(1);
    const event = await db.domainEvent.findFirstOrThrow({ where: { companyId: fixture.company.companyId, type: "transport_manifest.contingency_deadline", data: { path: ["transportManifestId"], equals: manifest.id } } });
    expect(event.data).toMatchObject({ overdue: true });
    expect((await db.transportManifest.findUniqueOrThrow({ where: { id: manifest.id } })).contingencyDeadlineWarnedAt).not.toBeNull();
    expect((await call(leaveRoute, { method: "DELETE", path: "/v1/contingency?model=58", key: key() })).status).toBe(200);
  });
});
