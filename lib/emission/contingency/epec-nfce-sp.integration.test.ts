import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { leaveContingency } from "@/lib/contingency/leave-contingency";
import { nfceReceipt } from "@/lib/danfe/nfce-receipt";
import { parseAuthorizedXml } from "@/lib/danfe/parse-authorized-xml";
import { createEmittingCompany, draftBody, runDueNow } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { validateEpecNfceEvent } from "@/lib/fiscal/nfe/epec-event";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call } from "@/test/http";

// Issue 50 item 2 (EPEC for SP's NFC-e; NT 2015.003; docs/api-notes/contingency.md, "EPEC for NFC-e"):
// SEFAZ-SP's NFC-e authorizer down (outage 108), its EPEC service (RecepcaoEPEC on its own hosts,
// "EPEC-SP" for fault rules) up. An NFC-e to an identified consumer, asked with Prefer: wait, gets no
// answer from SP: the contingency is entered at once, the NFC-e is re-issued under the next number
// with tpEmis 4, dhCont and xJust, its EPEC (110140, cOrgao 35) registered at SEFAZ-SP's EPEC
// service, and the call answers CONTINGENCY. When SP is back the same signed NFC-e is transmitted
// and AUTHORIZED (its EPEC reconciled). An NFC-e without an identified consumer cannot have an EPEC
// (e110140NFCe requires dest) and goes offline (tpEmis 9, Portaria SRE 40/2024); so does one whose
// EPEC gets no answer (under the next number).

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
const tag = (xml: string | null, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml ?? "")?.[1];
const identified = { type: "NFCE", client: { name: "Maria Consumidora", document: "52998224725" }, payments: [{ method: "MONEY", value: 100 }] };
const anonymous = { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "MONEY", value: 100 }] };

async function spNfceCompany() {
  const company = await createEmittingCompany();
  await db.company.update({ where: { id: company.companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
  return company;
}

/** POST /v1/fiscal-documents with Prefer: wait=10, the local worker draining the company's runs meanwhile. */
async function emitWaiting(companyId: string, key: string, body: Record<string, unknown>) {
  const started = Date.now();
  const request = call(create, { method: "POST", path: "/v1/fiscal-documents", key, headers: { prefer: "wait=10" }, body: draftBody({ ...body, emit: true }) });
  let answered = false;
  const answer = request.finally(() => (answered = true));
  while (!answered) {
    await drainDueRuns(functions, { companyIds: [companyId] });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const res = await answer;
  return { res, elapsedMs: Date.now() - started };
}

async function spBack(companyId: string) {
  await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
  await leaveContingency({ companyId, model: 65, reason: "107 - Serviço em Operação" });
  for (let round = 0; round < 4; round++) await runDueNow(companyId);
}

describe("an SP company's NFC-e during an outage of SEFAZ-SP", () => {
  it("is issued in EPEC (tpEmis 4, event registered at SEFAZ-SP's EPEC service), answered CONTINGENCY in one call, AUTHORIZED after the outage", { timeout: 120_000 }, async () => {
    const { companyId, key } = await spNfceCompany();
    const removeOutage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    let documentId: string;
    try {
      const { res, elapsedMs } = await emitWaiting(companyId, key, identified);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.headers.get("preference-applied")).toBe("wait=10");
      expect(res.body).toMatchObject({ status: "CONTINGENCY", contingency: { mode: "EPEC", reason: expect.stringMatching(/^SEFAZ-SP/) } });
      expect(res.body.accessKey.charAt(34)).toBe("4");
      expect(elapsedMs).toBeLessThan(10_000);
      documentId = res.body.id;
    } finally {
      removeOutage();
    }

    const doc = await db.fiscalDocument.findUniqueOrThrow({ where: { id: documentId } });
    expect([doc.status, doc.contingencyMode, tag(doc.signedXml, "tpEmis"), tag(doc.signedXml, "mod")]).toEqual(["CONTINGENCY", "EPEC", "4", "65"]);
    expect(tag(doc.signedXml, "dhCont")).toBeTruthy();
    expect(tag(doc.signedXml, "xJust")).toMatch(/^SEFAZ-SP/);
    expect(checkXmlSchema(doc.signedXml!, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(doc.signedXml!).valid).toBe(true);
    expect(xmlsecVerify(doc.signedXml!, "infNFe").ok).toBe(true);
    // The EPEC: cOrgao 35 (SEFAZ-SP), the NFC-e's detail (dest with the CPF, vNF and vICMS after it), answered 124.
    const event = /<evento[\s\S]*<\/evento>/.exec(doc.epecXml!)![0];
    expect(() => validateEpecNfceEvent(event)).not.toThrow();
    expect(checkXmlSchema(doc.epecXml!, "nfe/procEventoNFe_v1.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(event).valid).toBe(true);
    expect(xmlsecVerify(event, "infEvento").ok).toBe(true);
    expect([tag(event, "cOrgao"), tag(event, "tpEvento"), tag(event, "CPF"), tag(event, "vNF"), tag(event, "vST")]).toEqual(["35", "110140", "52998224725", "100.00", undefined]);
    expect(tag(doc.epecXml, "cStat")).toBe("124");
    expect(doc.epecProtocol).toMatch(/^135\d{12}$/);
    const epec = await db.simulatorEpec.findUniqueOrThrow({ where: { environment_accessKey: { environment: 2, accessKey: doc.accessKey! } } });
    expect([epec.model, epec.reconciledAt, epec.protocol]).toEqual([65, null, doc.epecProtocol]);
    expect(await findActiveContingency(companyId, 65)).toMatchObject({ mode: "EPEC", automatic: true });
    expect(await db.domainEvent.count({ where: { documentId, type: "document.contingency" } })).toBe(1);
    // The first attempt (tpEmis 1, unanswered by SP) is a replaced number, resolved once SP is back.
    const replaced = await db.replacedEmissionAttempt.findMany({ where: { companyId, documentId } });
    expect(replaced.map((r) => [r.accessKey.charAt(34), r.resolution, r.number + 1])).toEqual([["1", "PENDING", doc.number]]);
    // The DANFE NFC-e while it waits: "EMITIDA EM CONTINGÊNCIA" and "Pendente de autorização" (MOC Anexo IV; Manual do DANFE NFC-e, Divisão IV).
    expect(nfceReceipt(parseAuthorizedXml(doc.signedXml!)).fiscalMessages).toEqual(expect.arrayContaining(["EMITIDA EM CONTINGÊNCIA", "Pendente de autorização"]));

    await spBack(companyId);
    const authorized = await db.fiscalDocument.findUniqueOrThrow({ where: { id: documentId } });
    expect([authorized.status, authorized.accessKey, authorized.epecProtocol]).toEqual(["AUTHORIZED", doc.accessKey, doc.epecProtocol]);
    expect(checkXmlSchema(authorized.authorizedXml!, "nfe/procNFe_v4.00.xsd")).toEqual({ valid: true });
    expect(xmlsecVerify(authorized.authorizedXml!, "infNFe").ok).toBe(true);
    expect((await db.simulatorEpec.findUniqueOrThrow({ where: { environment_accessKey: { environment: 2, accessKey: doc.accessKey! } } })).reconciledAt).not.toBeNull();
    const messages = nfceReceipt(parseAuthorizedXml(authorized.authorizedXml!)).fiscalMessages;
    expect(messages).toContain("EMITIDA EM CONTINGÊNCIA");
    expect(messages).not.toContain("Pendente de autorização");
    expect((await db.replacedEmissionAttempt.findMany({ where: { companyId, documentId } })).map((r) => r.resolution)).toEqual(["INUTILIZED"]);
  });

  it("an NFC-e without an identified consumer goes offline (tpEmis 9) under the same number: it cannot have an EPEC", { timeout: 120_000 }, async () => {
    const { companyId, key } = await spNfceCompany();
    const removeOutage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    try {
      const { res } = await emitWaiting(companyId, key, anonymous);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ status: "CONTINGENCY", contingency: { mode: "OFFLINE" } });
      expect(res.body.accessKey.charAt(34)).toBe("9");
      const doc = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id } });
      expect([doc.epecProtocol, doc.epecXml]).toEqual([null, null]);
      expect(checkXmlSchema(doc.signedXml!, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
      // Only the first, unanswered tpEmis 1 attempt was replaced: the EPEC build (tpEmis 4) sent nothing, so its number stayed.
      const replaced = await db.replacedEmissionAttempt.findMany({ where: { companyId, documentId: doc.id } });
      expect(replaced.map((r) => [r.accessKey.charAt(34), r.number + 1])).toEqual([["1", doc.number]]);
      expect(await db.simulatorEpec.count({ where: { cnpj: doc.accessKey!.slice(6, 20) } })).toBe(0);
    } finally {
      removeOutage();
    }
  });

  it("an NFC-e whose EPEC gets no answer (SEFAZ-SP's EPEC service down too) goes offline under the next number", { timeout: 120_000 }, async () => {
    const { companyId, key } = await spNfceCompany();
    const removeOutage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    const removeEpec = fixture.simulator.faults.add({ authorizer: "EPEC-SP", action: { kind: "outage" } });
    let documentId: string;
    try {
      const { res } = await emitWaiting(companyId, key, identified);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ status: "CONTINGENCY", contingency: { mode: "OFFLINE" } });
      documentId = res.body.id;
      const doc = await db.fiscalDocument.findUniqueOrThrow({ where: { id: documentId } });
      const replaced = await db.replacedEmissionAttempt.findMany({ where: { companyId, documentId }, orderBy: { number: "asc" } });
      expect(replaced.map((r) => r.accessKey.charAt(34))).toEqual(["1", "4"]);
      expect(doc.number).toBe(replaced[1]!.number + 1);
    } finally {
      removeEpec();
      removeOutage();
    }
    await spBack(companyId);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: documentId } })).status).toBe("AUTHORIZED");
  });
});
