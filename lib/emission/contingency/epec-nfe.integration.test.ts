import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { leaveContingency } from "@/lib/contingency/leave-contingency";
import { getDocument } from "@/lib/documents";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createDraft, createEmittingCompany } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";

// Issue 50 item 2 (EPEC for NF-e): SP down (outage 108) and its SVC-AN disabled (every
// authorization there answered 114 "SVC-AN desabilitada pela SEFAZ de Origem"). The NF-e's
// first send gets no answer, the status service confirms the outage, the NF-e is re-issued for
// SVC-AN, which answers 114: it is rebuilt under the same number with tpEmis 4, its EPEC
// registered at the Ambiente Nacional (110140, cOrgao 91), and it reads CONTINGENCY with the
// EPEC's protocol. When SP is back and the contingency ends, the same signed NF-e is
// transmitted to SP and AUTHORIZED; an NF-e whose data differ from its EPEC is REJECTED 467.

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
const tag = (xml: string | null, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml ?? "")?.[1];

async function issueInEpec(companyId: string) {
  const draft = await createDraft(companyId);
  await queueEmission({ companyId, documentId: draft.id });
  await drainDueRuns(functions, { companyIds: [companyId] });
  return db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
}

describe("an NF-e issued in EPEC when the SVC is disabled (114)", () => {
  it("registers its EPEC, reads CONTINGENCY, and is AUTHORIZED by SP once SP is back", { timeout: 120_000 }, async () => {
    const { companyId } = await createEmittingCompany();
    const removeOutage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    const removeSvc = fixture.simulator.faults.add({ authorizer: "SVC-AN", service: "NFeAutorizacao4", action: { kind: "reject", cStat: "114", reason: "SVC-AN desabilitada pela SEFAZ de Origem" } });
    let doc;
    let second;
    try {
      doc = await issueInEpec(companyId);
    } finally {
      removeSvc();
    }
    try {
      expect(doc.status).toBe("CONTINGENCY");
      expect(doc.contingencyMode).toBe("EPEC");
      expect(tag(doc.signedXml, "tpEmis")).toBe("4");
      expect(doc.accessKey!.charAt(34)).toBe("4");
      expect(tag(doc.signedXml, "dhCont")).toBeTruthy();
      expect(tag(doc.signedXml, "xJust")).toMatch(/^SEFAZ-SP/);
      expect(checkXmlSchema(doc.signedXml!, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
      expect(verifyXmlSignature(doc.signedXml!).valid).toBe(true);
      // The EPEC: registered at the AN (cOrgao 91), its procEventoNFe valid against procEPEC_v1.00.xsd, the event's signature verifies.
      expect(doc.epecProtocol).toMatch(/^891\d{12}$/);
      expect(doc.epecRegisteredAt).not.toBeNull();
      expect(checkXmlSchema(doc.epecXml!, "nfe/procEPEC_v1.00.xsd")).toEqual({ valid: true });
      expect(tag(doc.epecXml, "cOrgao")).toBe("91");
      expect(verifyXmlSignature(/<evento[\s\S]*<\/evento>/.exec(doc.epecXml!)![0]).valid).toBe(true);
      const epec = await db.simulatorEpec.findUniqueOrThrow({ where: { environment_accessKey: { environment: 2, accessKey: doc.accessKey! } } });
      expect(epec.reconciledAt).toBeNull();
      expect(epec.protocol).toBe(doc.epecProtocol);
      // The API: CONTINGENCY with mode EPEC, never DRAFT; the webhook document.contingency was recorded.
      const detail = await getDocument({ companyId, documentId: doc.id });
      expect(detail).toMatchObject({ status: "CONTINGENCY", contingency: { mode: "EPEC", epec: { protocol: doc.epecProtocol, registeredAt: expect.any(String) } } });
      expect(await db.domainEvent.count({ where: { documentId: doc.id, type: "document.contingency" } })).toBe(1);
      expect(await findActiveContingency(companyId, 55)).toMatchObject({ automatic: true });
      // Two numbers replaced, resolved when SP is back: the first attempt (tpEmis 1, unanswered by SP) and the
      // SVC-AN attempt (tpEmis 6, refused 114): the EPEC NF-e has a number no other tpEmis was sent with (MOC 7.0 item 2.1.4).
      const replaced = await db.replacedEmissionAttempt.findMany({ where: { companyId, documentId: doc.id }, orderBy: { number: "asc" } });
      expect(replaced.map((r) => [r.accessKey.charAt(34), r.resolution])).toEqual([["1", "PENDING"], ["6", "PENDING"]]);
      expect(doc.number).toBe(replaced[1]!.number + 1);

      // The contingency remembers that its SVC is unavailable: the next NF-e goes to EPEC at once, with no SVC send
      // and no replaced number (SP is still down; SVC-AN would even answer now).
      expect((await db.companyContingency.findFirstOrThrow({ where: { companyId, model: 55, endedAt: null } })).svcUnavailableAt).not.toBeNull();
      second = await issueInEpec(companyId);
      expect(second).toMatchObject({ status: "CONTINGENCY", contingencyMode: "EPEC", number: doc.number + 1, epecProtocol: expect.stringMatching(/^891\d{12}$/) });
      expect(await db.replacedEmissionAttempt.count({ where: { documentId: second.id } })).toBe(0);
    } finally {
      removeOutage();
    }

    // SP is back: the contingency ends (as the watch run does on 107), the transmission run sends the NF-e.
    await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
    await leaveContingency({ companyId, model: 55, reason: "107 - Serviço em Operação" });
    await drainDueRuns(functions, { companyIds: [companyId] });
    const authorized = await db.fiscalDocument.findUniqueOrThrow({ where: { id: doc.id } });
    expect(authorized.status).toBe("AUTHORIZED");
    expect(authorized.contingencyMode).toBe("EPEC");
    expect(authorized.accessKey).toBe(doc.accessKey);
    expect(authorized.epecProtocol).toBe(doc.epecProtocol);
    expect(checkXmlSchema(authorized.authorizedXml!, "nfe/procNFe_v4.00.xsd")).toEqual({ valid: true });
    expect((await db.simulatorEpec.findUniqueOrThrow({ where: { environment_accessKey: { environment: 2, accessKey: doc.accessKey! } } })).reconciledAt).not.toBeNull();
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: second!.id } })).status).toBe("AUTHORIZED");
    // Both replaced numbers were inutilized: no authority held them.
    const resolved = await db.replacedEmissionAttempt.findMany({ where: { companyId, documentId: doc.id } });
    expect(resolved.map((r) => r.resolution)).toEqual(["INUTILIZED", "INUTILIZED"]);
  });

  it("an NF-e whose EPEC holds other data is REJECTED 467 when transmitted", { timeout: 120_000 }, async () => {
    const { companyId } = await createEmittingCompany();
    await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
    const removeOutage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    const removeSvc = fixture.simulator.faults.add({ authorizer: "SVC-AN", service: "NFeAutorizacao4", action: { kind: "reject", cStat: "114", reason: "SVC-AN desabilitada pela SEFAZ de Origem" } });
    let doc;
    try {
      doc = await issueInEpec(companyId);
    } finally {
      removeSvc();
      removeOutage();
    }
    expect(doc.status).toBe("CONTINGENCY");
    // The EPEC the AN holds differs from the NF-e (as when the NF-e was changed after its EPEC): another vNF.
    const epec = await db.simulatorEpec.findUniqueOrThrow({ where: { environment_accessKey: { environment: 2, accessKey: doc.accessKey! } } });
    await db.simulatorEpec.update({ where: { id: epec.id }, data: { xml: epec.xml.replace(/<vNF>[^<]*<\/vNF>/, "<vNF>999999.99</vNF>") } });
    await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
    await leaveContingency({ companyId, model: 55, reason: "107 - Serviço em Operação" });
    await drainDueRuns(functions, { companyIds: [companyId] });
    const rejected = await db.fiscalDocument.findUniqueOrThrow({ where: { id: doc.id } });
    expect(rejected.status).toBe("REJECTED");
    expect(rejected.rejectionCode).toBe("467");
    expect(rejected.rejectionReason).toContain("vNF");
  });

  it("is issued in EPEC too when SVC-AN does not answer (down like SP)", { timeout: 120_000 }, async () => {
    const { companyId } = await createEmittingCompany();
    await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
    const removeOutage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    const removeSvc = fixture.simulator.faults.add({ authorizer: "SVC-AN", action: { kind: "outage" } });
    try {
      const doc = await issueInEpec(companyId);
      expect(doc).toMatchObject({ status: "CONTINGENCY", contingencyMode: "EPEC", epecProtocol: expect.stringMatching(/^891\d{12}$/) });
      expect(tag(doc.signedXml, "tpEmis")).toBe("4");
      // The SVC-AN attempt (tpEmis 6, unanswered) is kept under its own number, as the first attempt is.
      const replaced = await db.replacedEmissionAttempt.findMany({ where: { companyId, documentId: doc.id }, orderBy: { number: "asc" } });
      expect(replaced.map((r) => r.accessKey.charAt(34))).toEqual(["1", "6"]);
    } finally {
      removeSvc();
      removeOutage();
    }
  });
});
