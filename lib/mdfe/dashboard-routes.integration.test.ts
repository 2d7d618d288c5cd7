import { beforeAll, describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import * as v1Collection from "@/app/v1/transport-manifests/route";
import * as list from "@/app/api/dashboard/companies/[companyId]/transport-manifests/route";
import { listManifestCandidates } from "./manifest-candidates";
import * as member from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/route";
import * as xmlRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/xml/route";
import * as damdfeRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/damdfe/route";
import * as closeRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/close/route";
import * as cancelRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/cancel/route";
import * as driversRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/drivers/route";

// The dashboard's "Manifestos (MDF-e)" routes (issue 55 item 6) over the session: the same lib/mdfe
// operations as /v1/transport-manifests, scoped to the path's company, writes refused to SUPPORT.

process.env.NEXTAUTH_SECRET = "mdfe-dashboard-routes-secret";

const fixture = simulatorCompanyFixture();
const MG_CLIENT = {
  name: "Atacado Mineiro Ltda", document: "33000167000101", street: "Avenida Afonso Pena", number: "1500", neighborhood: "Centro", city: "Belo Horizonte",
  state: "MG", municipalityCode: "3106200", zipCode: "30130005", stateRegistration: "062.307.904/0081", icmsTaxpayer: "CONTRIBUINTE",
};
const ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "6102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 12, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };

let admin: { cookie: string };
let support: { cookie: string };
let nfeId = "";

const manifest = async (plate: string) => {
  const res = await call(v1Collection.POST, {
    method: "POST", path: "/v1/transport-manifests", key: fixture.company.key,
    body: {
      unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ documentId: nfeId }] }],
      vehicle: { plate, tareKg: 7500, capacityKg: 14000, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP" },
      drivers: [{ name: "José da Silva", cpf: "529.982.247-25" }],
      product: { cargoType: "05", description: "Peças usinadas", ncm: "84879000" },
      cargo: { unit: "KG", quantity: "1250.5" },
    },
  });
  expect(res.body.status, res.text).toBe("AUTHORIZED");
  return res.body as { id: string; accessKey: string };
};

const base = (companyId = fixture.company.companyId) => `/api/dashboard/companies/${companyId}/transport-manifests`;
const at = (route: string, id: string, who: { cookie: string }, options: { method?: string; body?: unknown; companyId?: string } = {}) => {
  const companyId = options.companyId ?? fixture.company.companyId;
  return { method: options.method ?? "GET", path: `${base(companyId)}/${id}${route}`, params: { companyId, id }, headers: who, body: options.body };
};

beforeAll(async () => {
  admin = await signedInCookie(fixture.company.tenantId, "ADMIN");
  support = await signedInCookie(fixture.company.tenantId, "SUPPORT");
  nfeId = (await authorizedDocument(fixture.company.companyId, { overrides: { client: MG_CLIENT, items: [ITEM], payments: [{ method: "PIX", value: 1500 }] } })).id;
}, 60_000);

describe("dashboard /transport-manifests", () => {
  it("lists, shows, adds a driver, downloads XML and DAMDFE, closes; SUPPORT reads but cannot write", async () => {
    const created = await manifest("DSH1A23");
    const listed = await call(list.GET, { path: `${base()}?status=AUTHORIZED`, params: { companyId: fixture.company.companyId }, headers: support });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((m: { id: string }) => m.id)).toContain(created.id);

    expect((await call(member.GET, at("", created.id, support))).body).toMatchObject({ id: created.id, status: "AUTHORIZED", vehiclePlate: "DSH1A23" });
    const refused = await call(closeRoute.POST, at("/close", created.id, support, { method: "POST", body: {} }));
    expect(refused).toMatchObject({ status: 403, body: { code: "forbidden_role" } });

    const driver = await call(driversRoute.POST, at("/drivers", created.id, admin, { method: "POST", body: { name: "Maria Souza", cpf: "111.444.777-35" } }));
    expect(driver.status, driver.text).toBe(200);
    expect(driver.body.drivers.map((d: { cpf: string }) => d.cpf)).toEqual(["52998224725", "11144477735"]);
    const badCpf = await call(driversRoute.POST, at("/drivers", created.id, admin, { method: "POST", body: { name: "Fulano", cpf: "123.456.789-00" } }));
    expect(badCpf).toMatchObject({ status: 400, body: { code: "validation_error" } });

    const xml = await call(xmlRoute.GET, at("/xml", created.id, support));
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`<chMDFe>${created.accessKey}</chMDFe>`);
    const pdf = await call(damdfeRoute.GET, at("/damdfe", created.id, support));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF")).toBe(true);

    const closed = await call(closeRoute.POST, at("/close", created.id, admin, { method: "POST", body: { municipalityCode: "3106200", closedOn: "2026-12-08" } }));
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ status: "CLOSED", closedOn: "2026-12-08" });
  });

  it("cancels with a justification; a short one is 400", async () => {
    const created = await manifest("DSH2B34");
    const short = await call(cancelRoute.POST, at("/cancel", created.id, admin, { method: "POST", body: { justification: "curta" } }));
    expect(short).toMatchObject({ status: 400, body: { code: "validation_error" } });
    const cancelled = await call(cancelRoute.POST, at("/cancel", created.id, admin, { method: "POST", body: { justification: "Viagem cancelada pelo cliente" } }));
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.status).toBe("CANCELLED");
  });

  it("answers 404 for another company's manifest and for a company of another tenant", async () => {
    const created = await manifest("DSH3C45");
    const sibling = await createTestCompany({ tenantId: fixture.company.tenantId });
    const viaSibling = await call(member.GET, at("", created.id, admin, { companyId: sibling.companyId }));
    expect(viaSibling).toMatchObject({ status: 404, body: { code: "not_found" } });
    const closeViaSibling = await call(closeRoute.POST, at("/close", created.id, admin, { method: "POST", body: {}, companyId: sibling.companyId }));
    expect(closeViaSibling.status).toBe(404);
    const stranger = await createTestCompany();
    const strangerAdmin = await signedInCookie(stranger.tenantId, "ADMIN");
    const foreign = await call(member.GET, at("", created.id, strangerAdmin));
    expect(foreign.status).toBe(404);
    const foreignList = await call(list.GET, { path: base(), params: { companyId: fixture.company.companyId }, headers: strangerAdmin });
    expect(foreignList.status).toBe(404);
    // Still open: nothing above touched it.
    expect((await call(member.GET, at("", created.id, admin))).body.status).toBe("AUTHORIZED");
  });
  it("creates a manifest from selected NF-e grouped by their recipient's municipality (Novo manifesto); SUPPORT cannot", async () => {
    const { documents } = await listManifestCandidates(fixture.company.companyId);
    const candidate = documents.find((d) => d.id === nfeId)!;
    expect(candidate).toMatchObject({ municipalityCode: "3106200", municipalityName: "Belo Horizonte", state: "MG", clientName: "Atacado Mineiro Ltda" });
    const body = {
      unloading: [{ code: candidate.municipalityCode, name: candidate.municipalityName, documents: [{ documentId: candidate.id }] }],
      vehicle: { plate: "NEW1A23", state: "SP", tareKg: 7000, bodyType: "CLOSED", wheelType: "TRUCK" },
      drivers: [{ name: "José da Silva", cpf: "529.982.247-25" }],
      product: { description: "Peças usinadas" },
      cargo: { unit: "KG", quantity: "900" },
    };
    const request = (who: { cookie: string }) => ({ method: "POST", path: base(), params: { companyId: fixture.company.companyId }, headers: who, body });
    expect(await call(list.POST, request(support))).toMatchObject({ status: 403, body: { code: "forbidden_role" } });
    const created = await call(list.POST, request(admin));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: "AUTHORIZED", vehiclePlate: "NEW1A23", documents: [{ documentId: nfeId, unloadingMunicipalityCode: "3106200" }] });
    expect((await listManifestCandidates(fixture.company.companyId)).documents.find((d) => d.id === nfeId)!.onOpenManifest).toBe(true);
    expect((await call(closeRoute.POST, at("/close", created.body.id, admin, { method: "POST", body: {} }))).body.status).toBe("CLOSED");
  });

  it("creates a manifest loaded later (Carregamento posterior) from what the form sends: no NF-e, the one municipality; with NF-e it is 400", async () => {
    const company = await db.company.findUniqueOrThrow({ where: { id: fixture.company.companyId } });
    // The form's default municipality is the company's, as the API's.
    const { loading } = await listManifestCandidates(fixture.company.companyId);
    expect(loading).toEqual({ code: company.municipalityCode, name: company.city });
    const body = {
      loadingLater: true,
      loading: [loading],
      vehicle: { plate: "LTR1A23", state: "SP", tareKg: 7000, bodyType: "CLOSED", wheelType: "TRUCK" },
      drivers: [{ name: "José da Silva", cpf: "529.982.247-25" }],
      product: { description: "Peças usinadas" },
      cargo: { unit: "KG" },
    };
    const request = (payload: unknown) => ({ method: "POST", path: base(), params: { companyId: fixture.company.companyId }, headers: admin, body: payload });
    const withDocuments = await call(list.POST, request({ ...body, documents: [{ documentId: nfeId }] }));
    expect(withDocuments.status).toBe(400);
    expect(withDocuments.body.code).toBe("validation_error");
    const created = await call(list.POST, request(body));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: "AUTHORIZED", loadingLater: true, documents: [], startState: company.state, endState: company.state });
    const xml = await call(xmlRoute.GET, at("/xml", created.body.id, admin));
    expect(xml.text).toContain("<indCarregaPosterior>1</indCarregaPosterior>");
    expect(xml.text).toContain(`<infMunDescarga><cMunDescarga>${company.municipalityCode}</cMunDescarga>`);
    expect((await call(cancelRoute.POST, at("/cancel", created.body.id, admin, { method: "POST", body: { justification: "Coleta nao realizada no periodo" } }))).body.status).toBe("CANCELLED");
  });
});
