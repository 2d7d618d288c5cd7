import { describe, expect, it } from "vitest";
import { GET as taxpayerRoute } from "@/app/v1/lookups/taxpayers/route";
import { GET as nfeRoute } from "@/app/v1/lookups/nfe/[accessKey]/route";
import { POST as emitRoute } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as createRoute } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import { getTaxAuthority } from "@/lib/authority";
import { randomCnpj } from "@/lib/br";
import { loadSigningCredentials } from "@/lib/certificates";
import { checkXmlSchema } from "@/lib/fiscal/nfe";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createDraft, createEmittingCompany, draftBody } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { buildAccessKey, parseAccessKey } from "@/lib/fiscal/nfe/access-key";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call } from "@/test/http";

// Issue 56 items 1 and 2 against the simulator: the taxpayer registry (its own companies and
// clients, the taxpayer_inactive fault), the recipient's registration checked before an NF-e to a
// contributor is numbered, and any NF-e looked up by its access key.

const fixture = simulatorCompanyFixture();
const COMPANY_IE = "110042490114";

const lookupTaxpayer = (query: string, key = fixture.company.key) => call(taxpayerRoute, { path: `/v1/lookups/taxpayers?${query}`, key });
const lookupNfe = (accessKey: string, key = fixture.company.key) => call(nfeRoute, { path: `/v1/lookups/nfe/${accessKey}`, key, params: { accessKey } });
const emit = (id: string) => call(emitRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/emit`, key: fixture.company.key, params: { id } });

/** A draft NF-e to a contributor of SP with an IE, whose inline client the simulator's registry then knows. */
async function draftToContributor(cnpj: string) {
  const client = { ...draftBody().client, document: cnpj, stateRegistration: COMPANY_IE, icmsTaxpayer: "CONTRIBUINTE" };
  return createDraft(fixture.company.companyId, { client });
}

describe("GET /v1/lookups/taxpayers", () => {
  it("answers the registry's registrations in our names, then from the cache", async () => {
    const first = await lookupTaxpayer(`document=${fixture.company.cnpj}&state=sp`);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      document: fixture.company.cnpj,
      state: "SP",
      environment: "HOMOLOGATION",
      registered: true,
      active: true,
      cached: false,
      authority: { cStat: "111" },
      registrations: [{ stateRegistration: COMPANY_IE, cnpj: fixture.company.cnpj, situation: "ACTIVE", state: "SP", taxRegime: "NORMAL - REGIME PERIÓDICO DE APURAÇÃO", address: { street: "Avenida Paulista", number: "1000", zipCode: "01310100" } }],
    });
    expect(Date.parse(first.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const second = await lookupTaxpayer(`document=${fixture.company.cnpj}&state=SP`);
    expect(second.body).toMatchObject({ cached: true, registrations: first.body.registrations });
  });

  it("a CNPJ the registry does not hold is registered false with 259; the taxpayer_inactive fault shows INACTIVE", async () => {
    const stranger = randomCnpj();
    const unknown = await lookupTaxpayer(`document=${stranger}&state=SP`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ registered: false, active: false, registrations: [], authority: { cStat: "259" } });

    fixture.simulator.faults.add({ document: fixture.company.cnpj, action: { kind: "taxpayer_inactive" } });
    const inactive = await lookupTaxpayer(`document=${fixture.company.cnpj}&state=SP&refresh=true`);
    expect(inactive.body).toMatchObject({ cached: false, registered: true, active: false, registrations: [{ stateRegistration: COMPANY_IE, situation: "INACTIVE" }] });
  });

  it("refuses bad input with 400 and a state without the service with 422 taxpayer_lookup_unavailable", async () => {
    const badCnpj = await lookupTaxpayer(`document=11111111111112&state=SP`);
    expect(badCnpj.status).toBe(400);
    expect(badCnpj.body.code).toBe("validation_error");
    expect((await lookupTaxpayer(`document=${fixture.company.cnpj}&state=XX`)).status).toBe(400);
    const rj = await lookupTaxpayer(`document=${fixture.company.cnpj}&state=RJ`);
    expect(rj.status).toBe(422);
    expect(rj.body).toMatchObject({ code: "taxpayer_lookup_unavailable", message: expect.stringContaining("State RJ offers no taxpayer registry lookup") });
  });
});

describe("the simulator's registry", () => {
  it("answers retConsCad valid against the official schema: 111, 259 and an inactive registration", async () => {
    const authority = getTaxAuthority("HOMOLOGATION");
    const credentials = await loadSigningCredentials(fixture.company.companyId);
    const active = await authority.consultRegistry("HOMOLOGATION", { uf: "SP", cnpj: fixture.company.cnpj }, credentials);
    const absent = await authority.consultRegistry("HOMOLOGATION", { uf: "SP", cnpj: randomCnpj() }, credentials);
    fixture.simulator.faults.add({ document: fixture.company.cnpj, action: { kind: "taxpayer_inactive" } });
    const inactive = await authority.consultRegistry("HOMOLOGATION", { uf: "SP", cnpj: fixture.company.cnpj }, credentials);
    for (const [result, cStat] of [[active, "111"], [absent, "259"], [inactive, "111"]] as const) {
      expect(result).toMatchObject({ cStat });
      if (result.kind !== "answered" && result.kind !== "not_registered") throw new Error(result.kind);
      expect(checkXmlSchema(result.responseXml, "nfe/retConsCad_v2.00.xsd")).toEqual({ valid: true });
    }
    expect(inactive.kind === "answered" && inactive.entries[0]?.situation).toBe("INACTIVE");
    // A state the addressed service does not serve: SVRS's 265, as recorded for AL.
    const wrongState = await fetch(`${fixture.simulator.url}/ws/cadconsultacadastro/cadconsultacadastro4.asmx`, {
      method: "POST",
      headers: { "Content-Type": 'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/CadConsultaCadastro4/consultaCadastro4"' },
      body: `<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/CadConsultaCadastro4"><ConsCad xmlns="http://www.portalfiscal.inf.br/nfe" versao="2.00"><infCons><xServ>CONS-CAD</xServ><UF>AL</UF><CNPJ>${fixture.company.cnpj}</CNPJ></infCons></ConsCad></nfeDadosMsg></soap12:Body></soap12:Envelope>`,
    });
    expect(await wrongState.text()).toContain("<cStat>265</cStat>");
  });
});

describe("the recipient's registration before an NF-e to a contributor", () => {
  it("an IE the registry shows inactive stops the emission with 422 before any number; the setting makes it a warning", async () => {
    const recipient = randomCnpj();
    const draft = await draftToContributor(recipient);
    // The rule as docs/api.md shows it, over the simulator's HTTP control.
    const rule = await fetch(`${fixture.simulator.url}/_simulator/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action: { kind: "taxpayer_inactive" }, document: recipient }) });
    expect(rule.status).toBe(201);

    const stopped = await emit(draft.id);
    expect(stopped.status, stopped.text).toBe(422);
    expect(stopped.body.code).toBe("recipient_registration_inactive");
    expect(stopped.body.message).toContain(`Recipient ${recipient} (IE ${COMPANY_IE}, SP) is INACTIVE (não habilitado)`);
    const kept = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(kept).toMatchObject({ status: "DRAFT", number: 0, accessKey: null, runId: null });
    expect(await db.simulatorDocument.count({ where: { cnpj: fixture.company.cnpj, xml: { contains: recipient } } })).toBe(0);

    // The lookup shows why (from the same cache the check used).
    const why = await lookupTaxpayer(`document=${recipient}&state=SP`);
    expect(why.body).toMatchObject({ cached: true, registrations: [{ stateRegistration: COMPANY_IE, situation: "INACTIVE" }] });

    await db.company.update({ where: { id: fixture.company.companyId }, data: { recipientRegistrationBlocks: false } });
    try {
      const warned = await emit(draft.id);
      expect(warned.status, warned.text).toBe(202);
      expect(warned.body.warnings).toEqual([expect.stringContaining("is INACTIVE (não habilitado)")]);
      await drainDueRuns(functions, { companyIds: [fixture.company.companyId] });
      expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("AUTHORIZED");
    } finally {
      await db.company.update({ where: { id: fixture.company.companyId }, data: { recipientRegistrationBlocks: true } });
    }
  });

  it("create with emit true is refused the same way before the document is written, for a client typed the first time too", async () => {
    const recipient = randomCnpj();
    fixture.simulator.faults.add({ document: recipient, action: { kind: "taxpayer_inactive" } });
    const before = await db.fiscalDocument.count({ where: { companyId: fixture.company.companyId } });
    // The company has no client of that CNPJ yet: it is typed inline for the first time.
    expect(await db.client.count({ where: { companyId: fixture.company.companyId, document: recipient } })).toBe(0);
    const body = draftBody({ emit: true, client: { ...draftBody().client, document: recipient, stateRegistration: COMPANY_IE, icmsTaxpayer: "CONTRIBUINTE" } });
    const refused = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: fixture.company.key, body });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body).toMatchObject({ code: "recipient_registration_inactive", message: expect.stringContaining(`Recipient ${recipient} (IE ${COMPANY_IE}, SP) is INACTIVE`) });
    expect(await db.fiscalDocument.count({ where: { companyId: fixture.company.companyId } })).toBe(before);
    expect(await db.simulatorDocument.count({ where: { cnpj: fixture.company.cnpj, xml: { contains: recipient } } })).toBe(0);

    // The client record the request named stays (as after a draft); by id it is refused the same way.
    const client = await db.client.findFirstOrThrow({ where: { companyId: fixture.company.companyId, document: recipient } });
    expect(client).toMatchObject({ stateRegistration: COMPANY_IE, icmsTaxpayer: "CONTRIBUINTE" });
    const byId = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: fixture.company.key, body: { ...body, client: undefined, clientId: client.id } });
    expect(byId.status).toBe(422);
    expect(byId.body.code).toBe("recipient_registration_inactive");
    expect(await db.fiscalDocument.count({ where: { companyId: fixture.company.companyId } })).toBe(before);
  });

  it("a first-time contributor whose registration is active is created, checked and authorized in one call", async () => {
    const recipient = randomCnpj();
    const body = draftBody({ emit: true, client: { ...draftBody().client, document: recipient, stateRegistration: COMPANY_IE, icmsTaxpayer: "CONTRIBUINTE" } });
    const created = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: fixture.company.key, body });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe("PROCESSING");
    // The check consulted the registry for that recipient (its answer is cached for the lookup route).
    const why = await lookupTaxpayer(`document=${recipient}&state=SP`);
    expect(why.body).toMatchObject({ cached: true, active: true, registrations: [{ stateRegistration: COMPANY_IE, situation: "ACTIVE" }] });
    expect(await db.client.count({ where: { companyId: fixture.company.companyId, document: recipient } })).toBe(1);
    await drainDueRuns(functions, { companyIds: [fixture.company.companyId] });
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(document.status).toBe("AUTHORIZED");
  });

  it("an active registration passes (no warning), and a non-contributor is not looked up", async () => {
    const active = await draftToContributor(randomCnpj());
    const passed = await emit(active.id);
    expect(passed.status, passed.text).toBe(202);
    expect(passed.body.warnings).toBeUndefined();

    const nonContributor = await createDraft(fixture.company.companyId, { client: { ...draftBody().client, document: randomCnpj() } });
    const before = await db.taxpayerRegistryAnswer.count();
    expect((await emit(nonContributor.id)).status).toBe(202);
    expect(await db.taxpayerRegistryAnswer.count()).toBe(before);
    await drainDueRuns(functions, { companyIds: [fixture.company.companyId] });
  });
});

describe("GET /v1/lookups/nfe/{accessKey}", () => {
  it("answers another company's key with its situation and events, and the own key with its documentId", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const other = await createEmittingCompany();

    const foreign = await lookupNfe(document.accessKey!, other.key);
    expect(foreign.status, foreign.text).toBe(200);
    expect(foreign.body).toMatchObject({ accessKey: document.accessKey, model: "55", state: "SP", status: "AUTHORIZED", protocol: document.protocolNumber, documentId: null, events: [], authority: { cStat: "100", authorizer: "SP" } });

    const cancelled = await call(cancelRoute, { method: "POST", path: `/v1/fiscal-documents/${document.id}/cancel`, key: fixture.company.key, body: { justification: "Pedido cancelado pelo cliente antes da entrega" }, params: { id: document.id } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const own = await lookupNfe(document.accessKey!);
    expect(own.body).toMatchObject({ status: "CANCELLED", documentId: document.id, authority: { cStat: "101" }, events: [{ eventCode: "110111", sequence: 1, cStat: "135" }] });
  });

  it("validates the check digit before calling (alphanumeric keys too) and answers NOT_FOUND for a valid unknown key", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const key = document.accessKey!;
    const wrongDigit = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    const bad = await lookupNfe(wrongDigit);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("check digit");
    expect((await lookupNfe("123")).status).toBe(400);

    const alphanumeric = await createEmittingCompany({ alphanumeric: true });
    const alnumDocument = await authorizedDocument(alphanumeric.companyId);
    expect(alnumDocument.accessKey).toMatch(/[A-Z]/);
    const found = await lookupNfe(alnumDocument.accessKey!, fixture.company.key);
    expect(found.body).toMatchObject({ status: "AUTHORIZED", documentId: null });

    // Same layout, another number: a valid key the authority does not hold.
    const parts = parseAccessKey(key)!;
    const unknown = buildAccessKey({ ...parts, number: 999_999_999 });
    expect(await lookupNfe(unknown).then((r) => r.body)).toMatchObject({ status: "NOT_FOUND", authority: { cStat: "217" }, protocol: null });
  });
});
