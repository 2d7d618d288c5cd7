import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as getXml } from "@/app/v1/fiscal-documents/[id]/xml/route";
import { POST as cancel } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { GET as getDanfe } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { ABRASF_NS, ABRASF_SCHEMA } from "@/lib/fiscal/nfse-abrasf";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyWholeDocumentSignature, verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { readinessChecklist } from "@/lib/companies/emission-prerequisites";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { startTestSimulator } from "../testing/emission-fixtures";
import { createNfseCompany, nfseBody } from "./testing";

// NFS-e in a city with its own ABRASF 2.04 system (issue 57), end to end: the same
// routes as any NFS-e, the background run, the real ABRASF client and the
// simulator's Ribeirão Preto service over HTTP, PostgreSQL state.

let simulator: SimulatorServer;
beforeAll(async () => {
  process.env.AUTHORITY_TIMEOUT_MS = "6000";
  simulator = await startTestSimulator();
  resetEnvCache();
});
afterAll(async () => {
  await simulator?.close();
});

async function ribeiraoPretoCompany() {
  const company = await createNfseCompany();
  await db.company.update({ where: { id: company.companyId }, data: { municipalityCode: "3543402", city: "Ribeirão Preto", zipCode: "14010000" } });
  return company;
}

async function createAndEmit(key: string, companyId: string, body: Record<string, unknown>) {
  const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key, body: { ...body, emit: true } });
  expect(created.status).toBe(201);
  await drainDueRuns(functions, { companyIds: [companyId] });
  return created.body as { id: string };
}

const rps_aliquota = async (id: string) => /<Aliquota>([^<]*)<\/Aliquota>/.exec((await db.fiscalDocument.findUniqueOrThrow({ where: { id } })).signedXml ?? "")?.[1];
const detail = async (key: string, id: string) => (await call(getDetail, { path: `/v1/fiscal-documents/${id}`, key, params: { id } })).body;

describe("ABRASF 2.04 city (Ribeirão Preto) through the routes", () => {
  it("POST /v1/fiscal-documents type NFSE → AUTHORIZED by the city: its number and verification code, no national key; the RPS sent and the NFS-e downloadable; cancel → CANCELLED", async () => {
    const company = await ribeiraoPretoCompany();
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody());
    const document = await detail(company.key, id);
    expect(document).toMatchObject({ type: "NFSE", status: "AUTHORIZED", number: 1, series: 1, nfseNumber: "1", accessKey: null, rejectionReason: null });
    expect(document.verificationCode).toMatch(/^[A-Z0-9]{9}$/);
    expect(document.protocolNumber).toBe("1");
    // The city's values: 1750.00 at the company's 2 % (sent as the fraction 0.02 ISSNet reads; stored as the percentage).
    expect(rps_aliquota(id)).resolves.toBe("0.02");
    expect(document.taxTotals.nfse.authority).toEqual({ vBC: "1750.00", pAliqAplic: "2.00", vISSQN: "35.00", vTotalRet: null, vLiq: "1750.00" });

    const rps = await db.fiscalDocument.findUniqueOrThrow({ where: { id }, select: { signedXml: true, dpsId: true, authorizedXml: true } });
    expect(rps.dpsId).toBe("RPS11");
    expect(rps.signedXml).toMatch(new RegExp(`^<\\?xml version="1.0" encoding="UTF-8"\\?><GerarNfseEnvio xmlns="${ABRASF_NS}">`));
    expect(checkXmlSchema(rps.signedXml!, ABRASF_SCHEMA)).toEqual({ valid: true });
    // Ribeirão Preto's row: one whole-document signature (empty Reference URI).
    expect(rps.signedXml).toContain('<Reference URI="">');
    expect(verifyWholeDocumentSignature(rps.signedXml!)).toMatchObject({ valid: true });
    expect(rps.signedXml).toContain("<ItemListaServico>01.01</ItemListaServico>");

    const nfse = await call(getXml, { path: `/v1/fiscal-documents/${id}/xml?type=authorized`, key: company.key, params: { id } });
    expect(nfse.status).toBe(200);
    expect(nfse.text).toMatch(/^<CompNfse xmlns="http:\/\/www.abrasf.org.br\/nfse.xsd"><Nfse versao="2.04">/);
    expect(verifyXmlSignature(nfse.text, "InfNfse")).toMatchObject({ valid: true });

    // The DANFSe is the national form: a clear 422, not a broken PDF.
    const danfe = await call(getDanfe, { path: `/v1/fiscal-documents/${id}/danfe`, key: company.key, params: { id } });
    expect(danfe.status).toBe(422);
    expect(danfe.body).toMatchObject({ code: "nfse_provider_unsupported" });

    const events = await db.domainEvent.findMany({ where: { documentId: id }, select: { type: true } });
    expect(events.map((e) => e.type)).toContain("document.authorized");

    const cancelled = await call(cancel, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: company.key, params: { id }, body: { justification: "Serviço não foi prestado ao cliente", nfseReasonCode: "2" } });
    expect(cancelled.status).toBe(200);
    expect(await detail(company.key, id)).toMatchObject({ status: "CANCELLED" });
    const cancelEvent = await db.documentEvent.findFirstOrThrow({ where: { documentId: id, kind: "CANCELLATION" } });
    expect(cancelEvent).toMatchObject({ outcome: "AUTHORIZED", eventCode: "CancelarNfse" });
    expect(cancelEvent.requestXml).toMatch(/<CancelarNfseEnvio xmlns="http:\/\/www.abrasf.org.br\/nfse.xsd"><Pedido><InfPedidoCancelamento Id="CANC1">.*<CodigoCancelamento>2<\/CodigoCancelamento>/);
    expect(checkXmlSchema(cancelEvent.responseXml!, ABRASF_SCHEMA)).toEqual({ valid: true });
    const outcomes = await db.domainEvent.findMany({ where: { documentId: id }, select: { type: true } });
    expect(outcomes.map((e) => e.type)).toContain("document.cancelled");
  });

  it("a company without its Inscrição Municipal is refused with a clear reason; the readiness names it", async () => {
    const company = await ribeiraoPretoCompany();
    await db.company.update({ where: { id: company.companyId }, data: { municipalRegistration: null } });
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody());
    const refused = await detail(company.key, id);
    expect(refused.status).toBe("REJECTED");
    expect(refused.rejectionReason).toMatch(/municipal registration \(IM\)/);
    // Readiness lists the IM as missing and says which system the city uses.
    const nfse = (await readinessChecklist(company.companyId)).find((r) => r.type === "NFSE")!;
    expect(nfse.ready).toBe(false);
    expect(nfse.checks.find((c) => c.id === "fiscal_settings")).toMatchObject({ ok: false, detail: { missingFields: expect.arrayContaining(["municipalRegistration"]) } });
    expect(nfse.checks.find((c) => c.id === "nfse_provider")).toMatchObject({ blocking: false, detail: { key: "nfseProviderCity", values: { city: "Ribeirão Preto", system: "ISSNet", version: "2.04" } } });
  });

  it("cancelling without nfseReasonCode, or with 9 (Outros), is a 422 that names the codes the city takes; the document stays AUTHORIZED", async () => {
    const company = await ribeiraoPretoCompany();
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody());
    for (const body of [{ justification: "Emitida com valor errado" }, { justification: "Emitida com valor errado", nfseReasonCode: "9" }]) {
      const refused = await call(cancel, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: company.key, params: { id }, body });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: "validation_error" });
      expect(refused.body.message).toMatch(/CodigoCancelamento 1 \(erro na emissão\) or 2 \(serviço não prestado\)/);
    }
    expect(await detail(company.key, id)).toMatchObject({ status: "AUTHORIZED" });
    const again = await call(cancel, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: company.key, params: { id }, body: { justification: "Emitida com valor errado", nfseReasonCode: "1" } });
    expect(again.status).toBe(200);
  });
});
