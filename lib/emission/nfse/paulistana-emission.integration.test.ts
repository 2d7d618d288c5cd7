import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as getXml } from "@/app/v1/fiscal-documents/[id]/xml/route";
import { POST as cancel } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { GET as getDanfe } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { readinessChecklist } from "@/lib/companies/emission-prerequisites";
import { resetEnvCache } from "@/lib/config/env";
import { PAULISTANA_SCHEMAS, PAULISTANA_SCHEMAS_V2, paulistanaSchemasAvailable, readPaulistanaAnswer } from "@/lib/fiscal/nfse-paulistana";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { startTestSimulator } from "../testing/emission-fixtures";
import { createNfseCompany, nfseBody } from "./testing";

// São Paulo's Nota Fiscal Paulistana (issue 57), end to end: the same routes as any NFS-e,
// the background run, the real LoteNFe client and the simulator's São Paulo service over
// HTTP, PostgreSQL state; the requests checked with xmllint's engine and xmlsec1.

let simulator: SimulatorServer;
beforeAll(async () => {
  process.env.AUTHORITY_TIMEOUT_MS = "6000";
  simulator = await startTestSimulator();
  resetEnvCache();
});
afterAll(async () => {
  await simulator?.close();
});

function xmlsecVerifies(xml: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paulistana-emission-"));
  try {
    const file = path.join(dir, "message.xml");
    fs.writeFileSync(file, xml);
    const sec = spawnSync("xmlsec1", ["--verify", "--insecure", file], { encoding: "utf8" });
    return /^OK$/m.test(`${sec.stdout}${sec.stderr}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function saoPauloCompany(regime: "NORMAL" | "SIMPLES_NACIONAL" = "SIMPLES_NACIONAL") {
  const company = await createNfseCompany({ regime });
  await db.company.update({ where: { id: company.companyId }, data: { municipalityCode: "3550308", city: "São Paulo", zipCode: "01001000" } });
  return company;
}

async function createAndEmit(key: string, companyId: string, body: Record<string, unknown>) {
  const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key, body: { ...body, emit: true } });
  expect(created.status).toBe(201);
  await drainDueRuns(functions, { companyIds: [companyId] });
  return created.body as { id: string };
}

const detail = async (key: string, id: string) => (await call(getDetail, { path: `/v1/fiscal-documents/${id}`, key, params: { id } })).body;

describe("São Paulo (Nota Fiscal Paulistana) through the routes", () => {
  it("POST /v1/fiscal-documents type NFSE → AUTHORIZED by the city; the RPS schema-valid and signed; the NFS-e downloadable; cancel → CANCELLED", async () => {
    const company = await saoPauloCompany();
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody());
    const document = await detail(company.key, id);
    expect(document).toMatchObject({ type: "NFSE", status: "AUTHORIZED", number: 1, series: 1, accessKey: null, rejectionReason: null });
    expect(document.nfseNumber).toMatch(/^\d+$/);
    expect(document.verificationCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(document.protocolNumber).toBe(document.nfseNumber);

    const rps = await db.fiscalDocument.findUniqueOrThrow({ where: { id }, select: { signedXml: true, dpsId: true, authorizedXml: true } });
    expect(rps.dpsId).toBe("RPS1234567811");
    expect(rps.signedXml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><PedidoEnvioRPS xmlns="http:\/\/www.prefeitura.sp.gov.br\/nfe">/);
    // The national code 010101 (LC 116 01.01) becomes the city's 02660; the company's 2 % the fraction 0.02; ISS due in São Paulo (T).
    // Dated in 2026 and its lines declaring a cClassTrib, this Simples company's RPS goes in layout 2 (no ValorServicos: ValorInicialCobrado).
    expect(rps.signedXml).toContain("<TributacaoRPS>T</TributacaoRPS><ValorDeducoes>0.00</ValorDeducoes><ValorPIS>0.00</ValorPIS><ValorCOFINS>0.00</ValorCOFINS><ValorINSS>0.00</ValorINSS><ValorIR>0.00</ValorIR><ValorCSLL>0.00</ValorCSLL><CodigoServico>02660</CodigoServico><AliquotaServicos>0.02</AliquotaServicos><ISSRetido>false</ISSRetido>");
    expect(rps.signedXml).toContain("<ValorInicialCobrado>1750.00</ValorInicialCobrado>");
    if (paulistanaSchemasAvailable(2)) expect(checkXmlSchema(rps.signedXml!, PAULISTANA_SCHEMAS_V2.PedidoEnvioRPS)).toEqual({ valid: true });
    expect(xmlsecVerifies(rps.signedXml!)).toBe(true);
    expect(document.taxTotals.nfse.authority).toEqual({ vBC: "1750.00", pAliqAplic: "2.00", vISSQN: "35.00", vTotalRet: null, vLiq: "1750.00" });

    const nfe = await call(getXml, { path: `/v1/fiscal-documents/${id}/xml?type=authorized`, key: company.key, params: { id } });
    expect(nfe.status).toBe(200);
    expect(nfe.text).toMatch(/^<NFe xmlns=""><ChaveNFe><InscricaoPrestador>12345678<\/InscricaoPrestador><NumeroNFe>\d+<\/NumeroNFe><CodigoVerificacao>/);
    const danfe = await call(getDanfe, { path: `/v1/fiscal-documents/${id}/danfe`, key: company.key, params: { id } });
    expect(danfe.status).toBe(422);
    expect(danfe.body).toMatchObject({ code: "nfse_provider_unsupported" });

    const cancelled = await call(cancel, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: company.key, params: { id }, body: { justification: "Serviço não foi prestado ao cliente" } });
    expect(cancelled.status).toBe(200);
    expect(await detail(company.key, id)).toMatchObject({ status: "CANCELLED" });
    const cancelEvent = await db.documentEvent.findFirstOrThrow({ where: { documentId: id, kind: "CANCELLATION" } });
    expect(cancelEvent).toMatchObject({ outcome: "AUTHORIZED", eventCode: "CancelamentoNFe" });
    if (paulistanaSchemasAvailable()) expect(checkXmlSchema(cancelEvent.requestXml!, PAULISTANA_SCHEMAS.PedidoCancelamentoNFe)).toEqual({ valid: true });
    expect(xmlsecVerifies(cancelEvent.requestXml!)).toBe(true);
    expect(cancelEvent.requestXml).toContain(`<ChaveNFe><InscricaoPrestador>12345678</InscricaoPrestador><NumeroNFe>${document.nfseNumber}</NumeroNFe></ChaveNFe><AssinaturaCancelamento>`);
    if (paulistanaSchemasAvailable()) expect(checkXmlSchema(cancelEvent.responseXml!, PAULISTANA_SCHEMAS.RetornoCancelamentoNFe)).toEqual({ valid: true });
    expect(readPaulistanaAnswer(cancelEvent.responseXml!)).toMatchObject({ success: true });
    const outcomes = await db.domainEvent.findMany({ where: { documentId: id }, select: { type: true } });
    expect(outcomes.map((e) => e.type)).toEqual(expect.arrayContaining(["document.authorized", "document.cancelled"]));
    // A second cancellation is refused by the state machine here, before the city.
    expect((await call(cancel, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: company.key, params: { id }, body: { justification: "Serviço não foi prestado ao cliente" } })).status).toBe(422);
  });

  it("a Lucro Presumido company (regime NORMAL) dated in layout 2's period: RPS v02 with its IBS/CBS declaration → AUTHORIZED; the city's IBS/CBS equal our own", async () => {
    const company = await saoPauloCompany("NORMAL");
    const { id } = await createAndEmit(company.key, company.companyId, nfseBody());
    const document = await detail(company.key, id);
    expect(document).toMatchObject({ type: "NFSE", status: "AUTHORIZED", accessKey: null, rejectionReason: null });
    expect(document.issueDateTime.slice(0, 10) >= "2026-01-01").toBe(true);
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id }, select: { signedXml: true, authorizedXml: true, items: { select: { taxes: true } } } });
    const rps = stored.signedXml!;
    expect(rps).toContain(`<Cabecalho xmlns="" Versao="2">`);
    expect(rps).not.toContain("<ValorServicos>");
    expect(rps).toContain("<ValorInicialCobrado>1750.00</ValorInicialCobrado><ValorIPI>0.00</ValorIPI><ExigibilidadeSuspensa>0</ExigibilidadeSuspensa><PagamentoParceladoAntecipado>0</PagamentoParceladoAntecipado><NBS>115022000</NBS><cLocPrestacao>3550308</cLocPrestacao>");
    const cClassTrib = /<cClassTrib>(\d{6})<\/cClassTrib>/.exec(rps)?.[1];
    expect(cClassTrib).toBe((stored.items[0]!.taxes as { ibsCbs: { cClassTrib: string } }).ibsCbs.cClassTrib);
    expect(rps).toContain("<IBSCBS><finNFSe>0</finNFSe><indFinal>0</indFinal><cIndOp>100301</cIndOp><indDest>0</indDest>");
    if (paulistanaSchemasAvailable(2)) expect(checkXmlSchema(rps, PAULISTANA_SCHEMAS_V2.PedidoEnvioRPS)).toEqual({ valid: true });
    expect(xmlsecVerifies(rps)).toBe(true);
    // The city computes the IBS/CBS of the declared class; our own totals (lib/tax) must agree.
    const city = (tag: string) => new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(stored.authorizedXml!)?.[1];
    expect(stored.authorizedXml).toContain("<RetornoComplementarIBSCBS>");
    expect(city("ValorIBS")).toBe(document.taxTotals.rtcIbsTotal);
    expect(city("ValorCBS")).toBe(document.taxTotals.rtcCbsTotal);
    expect(Number(document.taxTotals.rtcCbsTotal)).toBeGreaterThan(0);
  });

  it("readiness says what São Paulo needs: the 8-digit CCM, and from 2026 the NBS of layout 2 outside the Simples; an item's unknown city code is refused with the reason", async () => {
    const simples = await saoPauloCompany();
    const ready = (await readinessChecklist(simples.companyId)).find((r) => r.type === "NFSE")!;
    expect(ready.checks.find((c) => c.id === "nfse_provider")).toMatchObject({ blocking: false, ok: true, detail: { key: "nfsePaulistanaCity", values: { city: "São Paulo" } } });

    await db.company.update({ where: { id: simples.companyId }, data: { municipalRegistration: "1234" } });
    const noCcm = (await readinessChecklist(simples.companyId)).find((r) => r.type === "NFSE")!;
    expect(noCcm.ready).toBe(false);
    expect(noCcm.checks.find((c) => c.id === "nfse_provider")).toMatchObject({ blocking: true, ok: false, detail: { key: "nfsePaulistanaCcm" } });

    const normal = await saoPauloCompany("NORMAL");
    const withNbs = (await readinessChecklist(normal.companyId)).find((r) => r.type === "NFSE")!;
    expect(withNbs.checks.find((c) => c.id === "nfse_provider")).toMatchObject({ blocking: false, ok: true, detail: { key: "nfsePaulistanaCity" } });
    await db.company.update({ where: { id: normal.companyId }, data: { nfseNbsCode: null } });
    const layout = (await readinessChecklist(normal.companyId)).find((r) => r.type === "NFSE")!;
    expect(layout.checks.find((c) => c.id === "nfse_provider")).toMatchObject({ blocking: true, ok: false, detail: { key: "nfsePaulistanaLayout2", values: { from: "2026-01-01" } } });

    const other = await saoPauloCompany();
    const items = (nfseBody().items as Array<Record<string, unknown>>).map((item) => ({ ...item, nationalServiceCode: "171901", serviceCode: "9999" }));
    const { id } = await createAndEmit(other.key, other.companyId, nfseBody({ items }));
    const refused = await detail(other.key, id);
    expect(refused).toMatchObject({ status: "REJECTED" });
    expect(refused.rejectionReason).toMatch(/São Paulo asks its own service code \(CodigoServico, 4–5 digits, the city's list\); 9999 is not one the city lists/);
  });
});
