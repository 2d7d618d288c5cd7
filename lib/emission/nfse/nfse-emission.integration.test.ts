import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as getXml } from "@/app/v1/fiscal-documents/[id]/xml/route";
import { POST as emit } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { POST as cancel } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { GET as getDanfe } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import { spawnSync } from "node:child_process";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { isValidNfseAccessKey } from "@/lib/fiscal/nfse";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { renderDanfse } from "@/lib/danfse";
import { watermarkGreyShare } from "@/lib/danfse/test-support/watermark-grey";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { startTestSimulator } from "../testing/emission-fixtures";
import { createNfseCompany, nfseBody } from "./testing";

// NFS-e end to end (issue 14, items 6 and 9): the HTTP routes, the background
// run, the real Sefin client and the simulator over HTTP, PostgreSQL state.

let simulator: SimulatorServer;
beforeAll(async () => {
  // A timeout the loaded CI machine never reaches by accident, below the injected delay of the lost-answer test.
  process.env.AUTHORITY_TIMEOUT_MS = "6000";
  simulator = await startTestSimulator();
  resetEnvCache();
});
afterAll(async () => {
  await simulator?.close();
});
beforeEach(() => simulator.sefinFaults.clear());

async function createAndEmit(key: string, companyId: string, body: Record<string, unknown>) {
  const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key, body: { ...body, emit: true } });
  expect(created.status).toBe(201);
  await drainDueRuns(functions, { companyIds: [companyId] });
  return created.body as { id: string; runId: string };
}

async function fetchPdf(key: string, id: string) {
  const request = new Request(`http://localhost/v1/fiscal-documents/${id}/danfe`, { headers: { authorization: `Bearer ${key}` } });
  const response = await getDanfe(request, { params: Promise.resolve({ id }) });
  return { headers: response.headers, pdf: Buffer.from(await response.arrayBuffer()) };
}

const detail = async (key: string, id: string) => (await call(getDetail, { path: `/v1/fiscal-documents/${id}`, key, params: { id } })).body;

describe("NFS-e emission through the routes", () => {
  it("create with emit → AUTHORIZED: 50-digit key, nfseNumber, verificationCode, amounts, NFS-e and DPS downloads, document.authorized", async () => {
    const company = await createNfseCompany();
    const rule = await db.taxRule.create({
      data: {
        companyId: company.companyId, name: "Serviços com retenção", model: "NFSE",
        nfseTaxRules: { create: [{ issRate: "3", issRetention: true, irRate: "1.5", irRetention: true, csllRate: "1", csllRetention: true, serviceLocationMunicipality: "MUNICIPIO_EMPRESA", incidenceMunicipality: "MUNICIPIO_EMPRESA" }] },
      },
    });
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody({ taxRuleId: rule.id }));
    const document = await detail(company.key, id);
    expect(document).toMatchObject({ type: "NFSE", status: "AUTHORIZED", number: 1, series: 1, nfseNumber: "1", rejectionReason: null });
    expect(isValidNfseAccessKey(document.accessKey)).toBe(true);
    expect(document.verificationCode).toBe(document.accessKey);
    expect(document.protocolNumber).toMatch(/^\d+$/);
    expect(document.totalValue).toBe("1750.00");
    // Two items of one service summed: 1750.00; ISS 3% withheld (52.50), IR 1.5% (26.25), CSLL 1% (17.50).
    expect(document.taxTotals.nfse).toMatchObject({
      serviceValue: "1750.00", issRate: "3.0000", issAmount: "52.50", issRetained: true,
      retentions: { iss: "52.50", ir: "26.25", csll: "17.50", pis: "0.00", cofins: "0.00", inss: "0.00" }, retainedTotal: "96.25", netValue: "1653.75",
      // A não optante sends no pAliq: Sefin's municipal parameters (the simulator's 5%) are what the NFS-e says.
      authority: { vBC: "1750.00", pAliqAplic: "5.00", vISSQN: "87.50", vTotalRet: "131.25", vLiq: "1618.75" },
    });

    const nfse = await call(getXml, { path: `/v1/fiscal-documents/${id}/xml?type=authorized&download=true`, key: company.key, params: { id } });
    expect(nfse.status).toBe(200);
    expect(nfse.headers.get("content-disposition")).toBe(`attachment; filename="${document.accessKey}-nfse.xml"`);
    expect(checkXmlSchema(nfse.text, "nfse/v1.01/NFSe_v1.01.xsd")).toEqual({ valid: true });
    expect(nfse.text).toContain(`<nNFSe>1</nNFSe>`);
    const dps = await call(getXml, { path: `/v1/fiscal-documents/${id}/xml?type=signed`, key: company.key, params: { id } });
    expect(dps.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><DPS xmlns="http:\/\/www.sped.fazenda.gov.br\/nfse" versao="1.01"><infDPS Id="DPS35095022\d{14}00001000000000000001">/);
    expect(dps.text).toContain("<tpRetISSQN>2</tpRetISSQN></tribMun><tribFed><vRetIRRF>26.25</vRetIRRF><vRetCSLL>17.50</vRetCSLL></tribFed>");
    expect(verifyXmlSignature(dps.text)).toMatchObject({ valid: true });
    expect(nfse.text).toContain(dps.text.replace(/^<\?xml[^>]*>/, ""));

    const events = await db.domainEvent.findMany({ where: { documentId: id } });
    expect(events.map((e) => e.type)).toEqual(["document.authorized"]);
    expect(events[0]!.data).toMatchObject({ type: "NFSE", accessKey: document.accessKey, protocolNumber: document.protocolNumber });
  });

  it("a Sefin refusal is REJECTED with 'E-code - description' and document.rejected; re-emission keeps the DPS number", async () => {
    const company = await createNfseCompany();
    simulator.sefinFaults.add({ route: "submit", cnpj: company.cnpj, times: 1, action: { kind: "reject", code: "E0039", description: "Município emissor não habilitado." } });
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody());
    const rejected = await detail(company.key, id);
    expect(rejected).toMatchObject({ status: "REJECTED", rejectionReason: "E0039 - Município emissor não habilitado.", number: 1 });
    expect((await db.domainEvent.findMany({ where: { documentId: id } })).map((e) => e.type)).toEqual(["document.rejected"]);

    const again = await call(emit, { method: "POST", path: `/v1/fiscal-documents/${id}/emit`, key: company.key, params: { id } });
    expect(again.status).toBe(202);
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    expect(await detail(company.key, id)).toMatchObject({ status: "AUTHORIZED", number: 1, nfseNumber: "1" });
  });

  it("a timeout after the simulator issued is recovered through /dps/{id}: one NFS-e", async () => {
    const company = await createNfseCompany();
    simulator.sefinFaults.add({ route: "submit", cnpj: company.cnpj, times: 1, action: { kind: "delay", ms: 7000 } });
    const { id, runId } = await createAndEmit(company.key, company.companyId, nfseBody());
    const waiting = await db.fiscalDocument.findUniqueOrThrow({ where: { id } });
    expect(waiting.status).toBe("PROCESSING");
    expect(await db.domainEvent.count({ where: { documentId: id } })).toBe(0);
    const issued = await db.simulatorNfse.findFirstOrThrow({ where: { dpsId: waiting.dpsId! } });

    await db.backgroundRun.update({ where: { id: runId }, data: { runAt: new Date() } });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id }, include: { events: true } });
    expect(document).toMatchObject({ status: "AUTHORIZED", accessKey: issued.accessKey, nfseNumber: "1" });
    expect(document.events.map((e) => e.details)).toEqual([expect.objectContaining({ via: "dps_lookup" })]);
    expect(await db.simulatorNfse.count({ where: { inscription: company.cnpj } })).toBe(1);
  });

  it("renders the service at the taker's municipality when the sub-rule says MUNICIPIO_CLIENTE", async () => {
    const company = await createNfseCompany();
    const rule = await db.taxRule.create({
      data: { companyId: company.companyId, name: "No cliente", model: "NFSE", nfseTaxRules: { create: [{ issRate: "2", serviceLocationMunicipality: "MUNICIPIO_CLIENTE", incidenceMunicipality: "MUNICIPIO_CLIENTE" }] } },
    });
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody({ taxRuleId: rule.id }));
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id } });
    expect(stored.status).toBe("AUTHORIZED");
    expect(stored.signedXml).toContain("<locPrest><cLocPrestacao>3509502</cLocPrestacao></locPrest>");
    expect(stored.authorizedXml).toContain("<cLocIncid>3509502</cLocIncid>");
  });

  it("refuses items of different service codes at creation with 422 nfse_multiple_services", async () => {
    const company = await createNfseCompany();
    const body = nfseBody();
    const items = [(body.items as object[])[0], { code: "SUP", description: "Suporte técnico", quantity: 1, unitValue: 100, nationalServiceCode: "010701" }];
    const res = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: { ...body, items } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "nfse_multiple_services", message: expect.stringContaining("010701") });
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(0);
  });

  it("emit answers 422 fiscal_settings_incomplete naming the IM when the company has none", async () => {
    const company = await createNfseCompany();
    await db.company.update({ where: { id: company.companyId }, data: { municipalRegistration: null } });
    const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: nfseBody() });
    const res = await call(emit, { method: "POST", path: `/v1/fiscal-documents/${created.body.id}/emit`, key: company.key, params: { id: created.body.id } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "fiscal_settings_incomplete", message: expect.stringContaining("municipal registration (IM)") });
  });

  it("emit answers 422 naming nfseNbsCode when the company's NBS code is not in NBS 2.0: nothing numbered or sent", async () => {
    const company = await createNfseCompany();
    // A code stored before the settings checked it (updateFiscalSettings refuses it now).
    await db.company.update({ where: { id: company.companyId }, data: { nfseNbsCode: "115022999" } });
    const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: nfseBody() });
    const res = await call(emit, { method: "POST", path: `/v1/fiscal-documents/${created.body.id}/emit`, key: company.key, params: { id: created.body.id } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "fiscal_settings_incomplete", message: expect.stringMatching(/nfseNbsCode\) 115022999 is not a valid NBS 2\.0 code/) });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    expect(await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id as string } })).toMatchObject({ status: "DRAFT", number: 0, dpsId: null });
  });

  it("cancels with e101101: CANCELLED, event recorded, document.cancelled; a lost answer is recovered by E0840", async () => {
    const company = await createNfseCompany();
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody());
    const cancelCall = () => call(cancel, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: company.key, params: { id }, body: { justification: "Serviço faturado em duplicidade" } });
    // The answer is lost after Sefin registered the event: 503, nothing changes here.
    simulator.sefinFaults.add({ route: "event", cnpj: company.cnpj, times: 1, action: { kind: "delay", ms: 7000 } });
    const lost = await cancelCall();
    expect(lost.status).toBe(503);
    expect(lost.body.code).toBe("authority_unavailable");
    expect((await detail(company.key, id)).status).toBe("AUTHORIZED");
    // The retry meets E0840 (already cancelled at Sefin): CANCELLED here too, one document.cancelled.
    const retried = await cancelCall();
    expect(retried.status).toBe(200);
    const document = await detail(company.key, id);
    expect(document).toMatchObject({ status: "CANCELLED", cancellationReason: "Serviço faturado em duplicidade", cancellationDate: expect.any(String) });
    // The cancellation Sefin holds is looked up (GET …/eventos/101101/1): its Id is the protocol.
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id } })).cancellationProtocol).toBe(`EVT${document.accessKey}101101001`);
    expect((await db.domainEvent.findMany({ where: { documentId: id }, orderBy: { createdAt: "asc" } })).map((e) => e.type)).toEqual(["document.authorized", "document.cancelled"]);
    expect((await db.simulatorNfse.findFirstOrThrow({ where: { accessKey: document.accessKey } })).status).toBe("CANCELLED");
    expect((await cancelCall()).status).toBe(422);
  });

  it("cancels at once when Sefin answers: the event's Id is the protocol", async () => {
    const company = await createNfseCompany();
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody());
    const res = await call(cancel, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: company.key, params: { id }, body: { justification: "Serviço não foi prestado ao cliente" } });
    expect(res.status).toBe(200);
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id }, include: { events: { where: { kind: "CANCELLATION" } } } });
    expect(stored.status).toBe("CANCELLED");
    expect(stored.cancellationProtocol).toBe(`EVT${stored.accessKey}101101001`);
    expect(stored.events[0]).toMatchObject({ eventCode: "101101", outcome: "AUTHORIZED" });
    expect(checkXmlSchema(stored.events[0]!.responseXml!, "nfse/v1.01/evento_v1.01.xsd")).toEqual({ valid: true });

    // GET …/danfe of an NFSE: the DANFSe v2.0 with the CANCELADA watermark (NT 008: diagonal, grey; read from the page, not the text).
    const danfse = await fetchPdf(company.key, id);
    expect(danfse.headers.get("content-type")).toBe("application/pdf");
    const text = spawnSync("pdftotext", ["-", "-"], { input: danfse.pdf, encoding: "utf8" }).stdout;
    expect(text).toContain("DANFSe v2.0");
    expect(watermarkGreyShare(danfse.pdf) - watermarkGreyShare(await renderDanfse(stored.authorizedXml!))).toBeGreaterThan(0.02);
    expect(text).toContain(stored.accessKey!.replace(/(.{4})(?=.)/g, "$1 "));
  });
});
